import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lotPageMessages } from '../../../../shared/messages/lots';
import { errorMessage } from '../../api/api-error';
import { lotQueries, type LotPick } from '../../api/lot-queries';
import { PageLoading } from '../../components/page-loading';
import { planningListScreenMessages } from '../../../../shared/messages/planning-list';

/**
 * The creation pages choose among all the program's lots: they are loaded in the picker's view,
 * 500 a page (docs/architecture.md « Bounded answers »), before the editor shows.
 */
export function ProgramLotsGate({ programId, children }: { programId: string; children: (lots: LotPick[]) => ReactNode }) {
  const lots = useQuery(lotQueries.picker(programId));
  if (lots.isError) {
    return (
      <Alert type="error" header={lotPageMessages.loadFailed} action={<Button onClick={() => void lots.refetch()}>{planningListScreenMessages.retry}</Button>}>
        {errorMessage(lots.error)}
      </Alert>
    );
  }
  if (lots.isPending) return <PageLoading />;
  return children(lots.data);
}
