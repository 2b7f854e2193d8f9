import type { DiskFileStore } from '../../functions/adapters/local/disk-file-store';

const everyMs = 3_600_000;

/**
 * The bucket's lifecycle rules on the local disk (docs/architecture « Local runtime »): the
 * uploads never claimed and the one-request exports older than a day are deleted at start, then
 * every hour. A failed sweep is logged and tried again at the next hour.
 */
export function startExpirySweep(files: DiskFileStore): { stop(): void } {
  const sweep = () => void files.sweepExpired().catch((error: unknown) => console.error('Nettoyage des fichiers envoyés :', (error as Error).message));
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
