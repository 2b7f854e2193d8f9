/** What geoip-lite answers for an address it knows (the package ships no types). */
interface GeoipLookup {
  country: string;
  region: string;
  city: string;
  ll: [number, number];
}
interface GeoipModule {
  lookup(ip: string): GeoipLookup | null;
}

export interface IpLocation {
  countryCode: string;
  countryName: string;
  city: string;
  /** geoip-lite's database has no postal codes: always ''. */
  postal: string;
  latitude: number | null;
  longitude: number | null;
  /** The region code (e.g. 'ENG', 'IDF'), the 'state' of part 1 §2. */
  state: string;
}

const unknownLocation: IpLocation = { countryCode: '', countryName: '', city: '', postal: '', latitude: null, longitude: null, state: '' };
const countryNames = new Intl.DisplayNames(['fr'], { type: 'region' });
let geoip: GeoipModule | undefined;

/**
 * Where an address is, from the offline database shipped in the geoip-lite package (no outside
 * service, issue 16 §2). The database (about 150 MB once loaded) is read on the first lookup only,
 * so the other routes of the group never pay for it. Private and unknown addresses give empty fields.
 * In Lambda the package's code is in the bundle and its data files beside it, found through
 * GEODATADIR (infra/stacks/function-overrides.ts).
 */
export function locateIp(ip: string): IpLocation {
  // A plain require, called here and not imported at the top: esbuild bundles the package's code,
  // and the package (which reads its database when loaded) is only loaded by the first lookup.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy load, see above
  geoip ??= require('geoip-lite') as GeoipModule;
  const found = geoip.lookup(ip.replace(/^::ffff:/, ''));
  if (!found) return unknownLocation;
  return {
    countryCode: found.country ?? '',
    countryName: found.country ? (countryNames.of(found.country) ?? found.country) : '',
    city: found.city ?? '',
    postal: '',
    latitude: Array.isArray(found.ll) ? found.ll[0] : null,
    longitude: Array.isArray(found.ll) ? found.ll[1] : null,
    state: found.region ?? '',
  };
}
