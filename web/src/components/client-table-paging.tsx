import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import { useState, type ReactNode } from 'react';
import { controlMessages, tablePagingMessages } from '../../../shared/messages/controls';

/** Administration tables: 10 a page, 10/20/50/100 offered (part 3 §9). */
const adminTablePageSizes = [10, 20, 50, 100];

/**
 * A table whose rows are all loaded, paged in the browser: the rows of the current page, and the
 * table's `pagination` and `preferences` slots (page size in « Préférences », back to page 1 on change).
 */
export function useClientTablePaging<T>(
  items: T[],
  pageSizes: number[] = adminTablePageSizes,
): { pageItems: T[]; pagination: ReactNode; preferences: ReactNode } {
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [page, setPage] = useState(1);
  return {
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
    pagination: (
      <Pagination
        currentPageIndex={page}
        pagesCount={Math.max(1, Math.ceil(items.length / pageSize))}
        onChange={({ detail }) => setPage(detail.currentPageIndex)}
      />
    ),
    preferences: (
      <CollectionPreferences
        title={tablePagingMessages.preferences}
        confirmLabel={controlMessages.confirm}
        cancelLabel={controlMessages.cancel}
        preferences={{ pageSize }}
        pageSizePreference={{ title: tablePagingMessages.pageSize, options: pageSizes.map((value) => ({ value, label: String(value) })) }}
        onConfirm={({ detail }) => {
          setPageSize(detail.pageSize ?? pageSizes[0]);
          setPage(1);
        }}
      />
    ),
  };
}
