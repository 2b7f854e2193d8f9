import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { planningDetailKeys } from '../../api/planning-detail-queries';

/**
 * True once the participants table has had its first answer (rows or an error), and from then on:
 * what the page draws after its first screen (the calendar) waits for it, so that a cold page shows
 * its rows before FullCalendar takes the main thread (docs/performance.md « Big programs »).
 */
export function useParticipantsShown(planningId: string): boolean {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: planningDetailKeys.participants(planningId) });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown || fetching > 0) return;
    const answered = queryClient
      .getQueryCache()
      .findAll({ queryKey: planningDetailKeys.participants(planningId) })
      .some((query) => query.state.status !== 'pending');
    if (answered) setShown(true);
  }, [shown, fetching, queryClient, planningId]);
  return shown;
}
