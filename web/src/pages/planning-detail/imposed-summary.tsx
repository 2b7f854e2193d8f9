import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { PlanningFigures } from '../../../../shared/domain/planning-detail-reads';
import { formatDuration } from '../../components/booking/booking-dates';
import { planningSummaryMessages } from '../../../../shared/messages/planning-detail';

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
    <Container header={<Header variant="h2">{planningSummaryMessages.convocation}</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          { label: planningSummaryMessages.advance, value: `${progress.percent} %` },
          {
            label: planningSummaryMessages.confirmed,
            value: planningSummaryMessages.confirmedCounts(progress.done, progress.invited, progress.toInvite),
          },
          { label: planningSummaryMessages.totalDuration, value: formatDuration(total) },
          {
            label: planningSummaryMessages.statuses,
            // values, not messages: the convocation statuses counted (shared/rules/meeting-status.ts).
            value: planningSummaryMessages.statusCounts(count('présent'), count('indisponible'), count('en attente'), count('inactif')),
          },
        ]}
      />
    </Container>
  );
}
