import { z } from 'zod';
import { apiRequest } from './api-client';

/** What a download route answers: a short-lived link to the file in the store (S3 presigned GET in AWS). */
export const downloadLinkSchema = z.object({ url: z.string().min(1), filename: z.string(), expiresAt: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** Asks the API for a file's link (the API checks the session and the caller's rights). */
function requestDownloadLink(apiPath: string): Promise<DownloadLink> {
  return apiRequest(apiPath, { schema: downloadLinkSchema });
}

/**
 * Lets the browser fetch the file from the store itself, so no file passes through the API (a
 * Lambda answer stops at 6 MB). The store names the file (Content-Disposition); `download` names it
 * too where the link is of the same origin (the local server).
 */
export function followDownloadLink(link: DownloadLink): void {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.filename;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** Both at once: the file of an API download route, saved by the browser. */
export async function downloadThroughLink(apiPath: string): Promise<DownloadLink> {
  const link = await requestDownloadLink(apiPath);
  followDownloadLink(link);
  return link;
}
