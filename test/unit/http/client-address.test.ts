import type { ApiEvent } from '../../../functions/http/api-types';
import { addressOfViewerHeader, clientAddress, viewerAddressHeader } from '../../../functions/http/client-address';
import { originHeader } from '../../../functions/http/origin-guard';

const secret = 'origin-secret-value';
const edgeAddress = '130.176.0.10';

function eventWith(headers: Record<string, string>): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/vv/{id}/increment',
    rawPath: '/api/vv/ABCDEFGHJ/increment',
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.cloudfront.net',
      domainPrefix: 'example',
      http: { method: 'POST', path: '/api/vv/ABCDEFGHJ/increment', protocol: 'HTTP/1.1', sourceIp: edgeAddress, userAgent: 'jest' },
      requestId: 'request',
      routeKey: 'POST /api/vv/{id}/increment',
      stage: '$default',
      time: '24/Nov/2026:02:00:00 +0000',
      timeEpoch: 1_795_485_600_000,
    },
    isBase64Encoded: false,
  };
}

/** Part 1 §2: the visitor's address behind CloudFront, for view counts, view logs and rate limits. */
describe('client address', () => {
  it('takes the CloudFront viewer address when the request carries the origin secret', () => {
    expect(clientAddress(eventWith({ [originHeader]: secret, [viewerAddressHeader]: '81.2.69.142:51234' }), secret)).toBe('81.2.69.142');
  });

  it('ignores a viewer address header sent without the origin secret (a caller cannot choose its address)', () => {
    expect(clientAddress(eventWith({ [viewerAddressHeader]: '81.2.69.142:51234' }), secret)).toBe(edgeAddress);
    expect(clientAddress(eventWith({ [originHeader]: 'guessed-secret-value', [viewerAddressHeader]: '81.2.69.142:51234' }), secret)).toBe(edgeAddress);
  });

  it('ignores the header where no secret is configured (the local runtime has no CloudFront in front)', () => {
    expect(clientAddress(eventWith({ [originHeader]: secret, [viewerAddressHeader]: '81.2.69.142:51234' }), undefined)).toBe(edgeAddress);
  });

  it('keeps the gateway address when the trusted header holds no address', () => {
    expect(clientAddress(eventWith({ [originHeader]: secret, [viewerAddressHeader]: 'not-an-address:443' }), secret)).toBe(edgeAddress);
    expect(clientAddress(eventWith({ [originHeader]: secret }), secret)).toBe(edgeAddress);
  });

  it('reads IPv4 and IPv6 viewer addresses with their port', () => {
    expect(addressOfViewerHeader('1.2.3.4:443')).toBe('1.2.3.4');
    expect(addressOfViewerHeader('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(addressOfViewerHeader('2001:db8::1:443')).toBe('2001:db8::1');
    expect(addressOfViewerHeader('garbage')).toBeUndefined();
    expect(addressOfViewerHeader('[nonsense]:443')).toBeUndefined();
  });
});
