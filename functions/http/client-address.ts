import { isIP } from 'node:net';
import type { ApiEvent } from './api-types';
import { carriesOriginSecret } from './origin-guard';

/** Header CloudFront adds with the viewer's address and source port (infra/constructs/spa-site.ts). */
export const viewerAddressHeader = 'cloudfront-viewer-address';

/**
 * The address in a CloudFront-Viewer-Address value, which always ends with the source port:
 * '1.2.3.4:443', '[2001:db8::1]:443', or the unbracketed '2001:db8::1:443' (the port is after the
 * last colon, so the rest is the address). Undefined when the value holds no address.
 */
export function addressOfViewerHeader(value: string): string | undefined {
  const trimmed = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  const candidate = bracketed ? bracketed[1] : trimmed.slice(0, trimmed.lastIndexOf(':'));
  return candidate && isIP(candidate) !== 0 ? candidate : undefined;
}

/**
 * The visitor's address. In AWS every request reaches the API through CloudFront, so the
 * gateway's sourceIp is an edge server's address; the viewer's is in the header CloudFront adds.
 * That header is believed only on a request carrying the origin secret (anyone calling the API
 * with a made-up header and without the secret gets the sourceIp): the view counter, the view
 * logs' country and the per-address rate limits all rest on this address.
 */
export function clientAddress(event: ApiEvent, expectedSecret = process.env.ORIGIN_VERIFY_SECRET): string {
  const sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
  if (!carriesOriginSecret(event, expectedSecret)) return sourceIp;
  const viewer = event.headers?.[viewerAddressHeader];
  return (viewer && addressOfViewerHeader(viewer)) || sourceIp;
}
