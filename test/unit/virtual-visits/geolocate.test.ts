import { locateIp } from '../../../functions/core/virtual-visits/geolocate';

const empty = { countryCode: '', countryName: '', city: '', postal: '', latitude: null, longitude: null, state: '' };

/** part 1 §2: a view log holds the country code and name, city, postal code, coordinates and region, found offline. */
describe('locateIp: the offline city database', () => {
  it('part 1 §2: an IPv4 address gives its country (named in French), city, postal code, region and coordinates', () => {
    const place = locateIp('81.2.69.142');
    expect(place).toEqual(expect.objectContaining({ countryCode: 'GB', countryName: 'Royaume-Uni', state: 'England' }));
    expect(place.city).not.toBe('');
    expect(place.postal).not.toBe('');
    expect(place.latitude).toBeCloseTo(51.4, 0);
    expect(place.longitude).toBeCloseTo(-0.8, 0);
  });

  it('part 1 §2: an IPv6 address is located too (French mobile and fibre networks mostly give IPv6)', () => {
    const place = locateIp('2a01:cb00::1');
    expect(place).toEqual(expect.objectContaining({ countryCode: 'FR', countryName: 'France', state: 'Ile-de-France' }));
    expect(place.city).not.toBe('');
    expect(place.postal).toMatch(/^\d{5}$/);
  });

  it('an IPv4 address written as IPv6 (::ffff:) is located as the IPv4 address', () => {
    expect(locateIp('::ffff:81.2.69.142')).toEqual(locateIp('81.2.69.142'));
  });

  it('coordinates keep 4 decimals (the database stores 32-bit floats)', () => {
    const { latitude, longitude } = locateIp('8.8.8.8');
    for (const value of [latitude, longitude]) expect(Math.round(value! * 10_000) / 10_000).toBe(value);
  });

  it('private, loopback and malformed addresses give empty fields', () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '::1', 'fe80::1', 'not-an-address', '']) expect([ip, locateIp(ip)]).toEqual([ip, empty]);
  });
});
