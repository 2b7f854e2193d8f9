import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { PlanningFigures } from '../../../../shared/domain/planning-detail-reads';
import { formatDuration } from '../../components/booking/booking-dates';
import { plural } from './planning-summary';

/**
 * The imposed planning's figures (part 2 §2.7, §4): the confirmed count instead of the booked
 * count, the total visit duration, each imposed status and the progress
 * (confirmed + not available) / invited.
 */
export function ImposedSummary({ figures }: { figures: PlanningFigures }) {
  // Counted by the server from every buyer, as 'Participants (n)': the figures agree with it while convocations leave.
  const progress = figures;
  const count = (status: keyof PlanningFigures['statuses']) => figures.statuses[status];
  const total = figures.datedVisitsMs;
  return (
    <Container header={<Header variant="h2">Convocation</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Avancement', value: `${progress.percent} %` },
          {
            label: 'Confirmés',
            value: `${progress.done} / ${plural(progress.invited, 'convoqué')}${progress.toInvite > 0 ? ` · ${plural(progress.toInvite, 'convocation')} à envoyer` : ''}`,
          },
          { label: 'Durée totale des visites', value: formatDuration(total) },
          {
            label: 'Statuts',
            value: `${count('présent')} présent(s) · ${count('indisponible')} indisponible(s) · ${count('en attente')} en attente · ${count('inactif')} inactif(s)`,
          },
        ]}
      />
    </Container>
  );
}
