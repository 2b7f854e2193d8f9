import { DiskFileStore } from '../../functions/adapters/local/disk-file-store';
import { getDeps } from '../../functions/runtime/deps';
import { call, type CallOptions, type TestResponse } from './test-api';

export interface FollowedLink {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Follows a signed file link (an answer's `url`, or a redirect's Location) as the local server
 * does for a browser: through the disk store's check of the signature and expiry.
 */
export async function followFileLink(url: string): Promise<FollowedLink> {
  const files = getDeps().files;
  if (!(files instanceof DiskFileStore)) throw new Error('the local runtime uses the disk file store');
  const answer = await files.serveDownload(url);
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : Buffer.concat(await answer.body.toArray());
  return { status: answer.status, headers: answer.headers, body };
}

/**
 * Calls a download route and, when it answers a link, follows it: `raw` and `headers` are then the
 * file's, as the browser receives them, and `link` the route's own answer.
 */
export async function callForFile(
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<TestResponse & { link?: { url: string; filename: string; expiresAt: string } }> {
  const response = await call(method, url, options);
  const location = response.status === 302 ? response.headers.location : response.status === 200 ? response.body?.url : undefined;
  if (typeof location !== 'string') return response;
  const file = await followFileLink(location);
  return { status: file.status, headers: file.headers, body: undefined, raw: file.body, link: response.status === 200 ? response.body : undefined };
}
