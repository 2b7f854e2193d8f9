import { storageKeys } from '../app/storage-keys';

/**
 * What a screen remembers of the operations it follows (docs/architecture.md « Work that grows
 * with a program »): one operation id per scope (`client-import:<programId>`…), in localStorage,
 * so that a reload, or coming back to the page, finds the import still running and its progress.
 */
function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKeys.operations) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberedOperation(scope: string): string | undefined {
  const id = readAll()[scope];
  return typeof id === 'string' ? id : undefined;
}

export function rememberOperation(scope: string, id: string): void {
  localStorage.setItem(storageKeys.operations, JSON.stringify({ ...readAll(), [scope]: id }));
}

export function forgetOperation(scope: string): void {
  const { [scope]: _gone, ...rest } = readAll();
  localStorage.setItem(storageKeys.operations, JSON.stringify(rest));
}

/** One key per user action (a click on « Importer »), kept for the retries of that action. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Waits before the n-th retry of a request whose answer was lost: 2, 4, 6… seconds. */
export const retryDelayMs = (attempt: number) => 2_000 * (attempt + 1);

/** How many times the same request is sent again, with the same key, before the screen says to reload. */
export const maxStartRetries = 5;

const frenchCount = new Intl.NumberFormat('fr-FR');

/** « 4 500 / 10 000 » while the total is known. */
export function progressText(progress: { done: number; total: number }): string | undefined {
  return progress.total > 0 ? `${frenchCount.format(progress.done)} / ${frenchCount.format(progress.total)}` : undefined;
}
