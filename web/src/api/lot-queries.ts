import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lotPageSchema, lotPickerPageSchema, maxLotsPerPage, type LotPick } from '../../../shared/domain/lot';
import { apiRequest } from './api-client';
import { programKeys } from './program-queries';

export type { LotPick } from '../../../shared/domain/lot';

/** One page of the lot list: where it starts (a `nextCursor`), its size and the server-side search. */
export interface LotPageRequest {
  cursor: string | null;
  limit: number;
  q: string;
}

/**
 * A program's lots (docs/architecture.md « Bounded answers »). The keys live under the program's
 * detail key, so whatever refreshes the program (an import, a client saved) refreshes its lots.
 */
const lotKeys = {
  all: (programId: string) => [...programKeys.detail(programId), 'lots'] as const,
  page: (programId: string, request: LotPageRequest) => [...lotKeys.all(programId), 'page', request] as const,
  picker: (programId: string) => [...lotKeys.all(programId), 'picker'] as const,
};

function lotsPath(programId: string, params: Record<string, string>): string {
  return `/programs/${encodeURIComponent(programId)}/clients?${new URLSearchParams(params).toString()}`;
}

export const lotQueries = {
  /** GET /programs/{id}/clients: one page in lot-number order, the next page's cursor and the program's number of lots. */
  page: (programId: string, request: LotPageRequest) =>
    queryOptions({
      queryKey: lotKeys.page(programId, request),
      queryFn: ({ signal }) =>
        apiRequest(
          lotsPath(programId, {
            limit: String(request.limit),
            ...(request.cursor ? { cursor: request.cursor } : {}),
            ...(request.q.trim() ? { q: request.q.trim() } : {}),
          }),
          { schema: lotPageSchema, signal },
        ),
      placeholderData: keepPreviousData,
    }),
  /**
   * Every lot of the program in the picker's view (`view=picker`), read page after page of 500:
   * 10,000 lots are 20 answers of under 100 KB, for the screens that choose among all the lots.
   */
  picker: (programId: string) =>
    queryOptions({
      queryKey: lotKeys.picker(programId),
      queryFn: async ({ signal }) => {
        const lots: LotPick[] = [];
        let cursor: string | null = null;
        do {
          const params: Record<string, string> = { view: 'picker', limit: String(maxLotsPerPage), ...(cursor ? { cursor } : {}) };
          const page = await apiRequest(lotsPath(programId, params), { schema: lotPickerPageSchema, signal });
          lots.push(...page.clients);
          cursor = page.nextCursor;
        } while (cursor);
        return lots;
      },
    }),
};
