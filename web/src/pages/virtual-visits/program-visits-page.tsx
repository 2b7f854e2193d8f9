import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { visitQueries } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { VisitsTable } from './visits-table';
import { visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

/**
 * Program virtual visits /projets/{id}/visites-3d (part 3 §2): the buyers' visits with bulk delete,
 * a page at a time (docs/architecture.md « Bounded answers »): « Charger plus » adds the next page.
 */
export function ProgramVisitsPage() {
  const { programId = '' } = useParams();
  const visits = useInfiniteQuery(visitQueries.program(programId));
  return (
    <VisitsTable
      title={visitTableMessages.programTitle}
      description={visitTableMessages.programDescription}
      visits={visits.data?.pages.flatMap((page) => page.visits)}
      loading={visits.isPending && !visits.isError}
      showLot
      empty={visitFailureMessages.programVisitsEmpty(visits.isError)}
      more={{ hasMore: visits.hasNextPage, loading: visits.isFetchingNextPage, onLoad: () => void visits.fetchNextPage() }}
    />
  );
}
