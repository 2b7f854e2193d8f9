import type { DownloadOptions } from '../../ports/file-store';
import type { Deps } from '../../runtime/deps';
import { newCapabilityId } from '../security/ids';

/**
 * Five minutes: the SPA follows a link as soon as it gets it; a link copied elsewhere soon dies.
 * Whoever holds a link reads the file, so one is given only after the API has checked the caller.
 */
const downloadLinkLifetimeSeconds = 5 * 60;

/** What a download route answers: the browser fetches the file itself (a Lambda answer stops at 6 MB). */
export interface DownloadLink {
  url: string;
  filename: string;
  expiresAt: string;
}

/** A link to a file already in the store, under the name and type the browser must see. */
export async function storedFileLink(deps: Deps, key: string, file: Omit<DownloadOptions, 'expiresInSeconds'>): Promise<DownloadLink> {
  const url = await deps.files.downloadUrl(key, { ...file, expiresInSeconds: downloadLinkLifetimeSeconds });
  return { url, filename: file.filename, expiresAt: new Date(deps.now().getTime() + downloadLinkLifetimeSeconds * 1000).toISOString() };
}

/**
 * Stores a file made for one request (an XLSX or ICS export) under an unguessable key and links
 * to it. `downloads/` expires after a day in the bucket (infra/stacks/livrea-stack.ts).
 */
export async function handOutFile(deps: Deps, file: { body: Buffer; filename: string; contentType: string }): Promise<DownloadLink> {
  const key = `downloads/${newCapabilityId(24)}`;
  await deps.files.put(key, file.body, file.contentType);
  return storedFileLink(deps, key, { filename: file.filename, contentType: file.contentType });
}
