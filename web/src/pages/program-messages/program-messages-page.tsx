import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lotQueries } from '../../api/lot-queries';
import { PageLoading } from '../../components/page-loading';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { ProgramTickets } from './program-tickets';
import { lotPageMessages } from '../../../../shared/messages/lots';
import { buyerAreaScreenMessages, programAreaMessages, programMessagesMessages } from '../../../../shared/messages/buyer-area';

const everyLot: SelectProps.Option = { label: programMessagesMessages.everyLot, value: '' };

/** /projets/{id}/messages (part 3 §2, part 1 §3): every conversation of the program, unread first, filtered by lot. */
export function ProgramMessagesPage() {
  const { programId, program } = useProgram();
  const [lot, setLot] = useState<SelectProps.Option>(everyLot);
  // Every lot in the picker's view, 500 a page (docs/architecture.md « Bounded answers »), once the program is reachable.
  const lots = useQuery({ ...lotQueries.picker(programId), enabled: program.isSuccess });
  // A program the caller may not reach (403) or that does not exist: only the message.
  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  // Nothing of the page before the program is known to be reachable.
  if (program.isPending) return <PageLoading />;
  const options = [everyLot, ...(lots.data ?? []).map((client) => ({ label: `Lot ${client.lotcomm} · ${client.nom}`, value: client._id }))];
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={program.data?.name}>
          {programMessagesMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <FormField label="Lot">
          <Select
            selectedOption={lot}
            options={options}
            filteringType="auto"
            virtualScroll
            onChange={({ detail }) => setLot(detail.selectedOption)}
            statusType={lots.isPending ? 'loading' : lots.isError ? 'error' : 'finished'}
            loadingText={programAreaMessages.lotsLoading}
            errorText={lotPageMessages.loadFailed}
            recoveryText={buyerAreaScreenMessages.retry}
            onLoadItems={() => void lots.refetch()}
          />
        </FormField>
        <ProgramTickets programId={programId} lot={lot.value || undefined} />
      </SpaceBetween>
    </ContentLayout>
  );
}
