import { errorMessage } from '../api/api-error';

export type PageState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'empty'; message: string } | { kind: 'ready' };

export interface PageTexts {
  /** Shown when the answer carries no message of its own (part 3 §8 general rule). */
  loadFailed: string;
  empty: string;
}

/**
 * What a data page shows (part 3 §2): loading until the first answer, the error (the server's
 * message, else the page's fallback) when loading failed, the empty text when there is nothing
 * to show (a period without creations counts as empty even though its periods are listed), else
 * the data.
 */
export function pageState(query: { isPending: boolean; isError: boolean; error: unknown }, count: number, texts: PageTexts): PageState {
  if (query.isError) return { kind: 'error', message: errorMessage(query.error, texts.loadFailed) };
  if (query.isPending) return { kind: 'loading' };
  if (count === 0) return { kind: 'empty', message: texts.empty };
  return { kind: 'ready' };
}

/** The Cloudscape chart status of a page state. */
export function chartStatus(state: PageState): 'loading' | 'error' | 'finished' {
  return state.kind === 'loading' ? 'loading' : state.kind === 'error' ? 'error' : 'finished';
}
