import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { screenNames } from '../../../../shared/messages/navigation';
import { errorMessage } from '../../api/api-error';
import { buyerAreaQueries } from '../../api/buyer-area-queries';
import { useHousing } from './housing-layout';

/** /logement/{id}/foire-aux-questions: the program's FAQ, as its staff edit it. */
export function HousingFaqPage() {
  const housing = useHousing();
  const program = useQuery(buyerAreaQueries.program(housing._id));
  const entries = program.data?.faq.entries ?? [];
  return (
    <SpaceBetween size="m">
      <Header variant="h2">{screenNames.faq}</Header>
      {program.isError && (
        <Alert type="error" action={<Button onClick={() => void program.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
          {errorMessage(program.error)}
        </Alert>
      )}
      {program.isPending && <Spinner size="big" />}
      {program.isSuccess && entries.length === 0 && <Box color="text-body-secondary">{buyerAreaScreenMessages.noQuestion}</Box>}
      {entries.map((entry, index) => (
        <ExpandableSection key={index} variant="container" headerText={entry.question}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{entry.answer}</span>
        </ExpandableSection>
      ))}
    </SpaceBetween>
  );
}
