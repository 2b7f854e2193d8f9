import { queryOptions } from '@tanstack/react-query';
import { mergePrintPages, printDataSchema, type PrintData } from '../../../shared/exports/print-data';
import { apiRequest } from './api-client';

/**
 * The print page's data (part 2 §2.9), read with the renderer's short-lived print token, never a
 * session: every page of visits, one after the other (docs/architecture.md « Bounded answers »),
 * before the page draws and prints.
 */
export const printQueries = {
  data: (token: string) =>
    queryOptions({
      queryKey: ['print', token] as const,
      queryFn: async ({ signal }) => {
        const pages: PrintData[] = [];
        let cursor: string | undefined;
        do {
          const page = await apiRequest(`/exports/print-data?token=${encodeURIComponent(token)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
            schema: printDataSchema,
            auth: false,
            signal,
          });
          pages.push(page);
          cursor = page.nextCursor;
        } while (cursor);
        return mergePrintPages(pages);
      },
      retry: false,
      staleTime: Infinity,
    }),
};
