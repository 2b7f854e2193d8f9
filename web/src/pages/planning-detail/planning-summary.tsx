import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AmoSummary } from '../../../../shared/domain/account';
import { questionLabels, type Planning } from '../../../../shared/domain/planning';
import type { PlanningFigures } from '../../../../shared/domain/planning-detail-reads';
import { typologies } from '../../../../shared/domain/typology';
import { formatDateTime } from '../../components/format-date';
import { UserAvatar } from '../../components/user-avatar';
import { formatHours } from '../../components/plannings/hours-panel';
import { planningPageCommon, planningSummaryMessages } from '../../../../shared/messages/planning-detail';

export interface PlanningSummaryProps {
  planning: Planning;
  /** Counted by the server from every buyer (GET /rdv/{id}/summary). */
  figures: PlanningFigures;
  amos: AmoSummary[];
}

/** A progress circle: the rounded percentage of answers (part 2 §4 'Progress'). */
function ProgressCircle({ percent }: { percent: number }) {
  const radius = 34;
  const length = 2 * Math.PI * radius;
  return (
    <svg width="92" height="92" viewBox="0 0 92 92" role="img" aria-label={planningSummaryMessages.progress(percent)}>
      <circle cx="46" cy="46" r={radius} fill="none" stroke="#e9ebed" strokeWidth="9" />
      <circle
        cx="46"
        cy="46"
        r={radius}
        fill="none"
        stroke={percent >= 100 ? '#037f0c' : '#0972d3'}
        strokeWidth="9"
        strokeDasharray={`${(length * percent) / 100} ${length}`}
        strokeLinecap="round"
        transform="rotate(-90 46 46)"
      />
      <text x="46" y="52" textAnchor="middle" fontSize="18" fontWeight="700" fill="#000716">{`${percent} %`}</text>
    </svg>
  );
}

const day = (iso: string) => formatDateTime(iso, 'EEE dd/MM/yyyy');

/** The summary of a free planning (part 2 §2.6). */
export function PlanningSummary({ planning, figures, amos }: PlanningSummaryProps) {
  const imposed = planning.templateType === 'promoterImpose'; // part 2 §2.5, §2.7: imposed progress and answers
  // Counted from every buyer, never from the stored counters (which lag a wave): shared/rules/planning-figures.ts.
  const progress = figures;
  const counts = figures.typologies;
  const { hours } = figures;
  // the chosen AMOs by name, whether or not they are tied to calendar columns.
  // An AMO without a name to show (an account since closed) is 'AMO n', as the calendar's columns say, never '?'.
  const team = planning.amoList.map(
    (id, index) => amos.find((amo) => amo._id === id) ?? { _id: id, firstname: `AMO ${index + 1}`, lastname: '', hasAvatar: false },
  );
  const columns = Math.max(0, ...planning.events.map((event) => event.nbAmo));
  const margin = Math.round((hours.available - hours.needed) * 100) / 100;
  const { address } = planning;

  return (
    <Container header={<Header variant="h2">{planningSummaryMessages.title}</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={180}>
        <SpaceBetween size="xs" alignItems="center">
          <ProgressCircle percent={progress.percent} />
          <Box variant="small">{planningSummaryMessages.waiting(progress.waiting)}</Box>
        </SpaceBetween>
        <KeyValuePairs
          items={[
            {
              label: planningSummaryMessages.lots,
              value: (
                <Popover
                  triggerType="text"
                  header={planningSummaryMessages.typologies}
                  dismissAriaLabel={planningPageCommon.close}
                  content={
                    <ul style={{ margin: 0, paddingLeft: 16 }}>
                      {typologies.map((typology) => (
                        <li key={typology}>{`${typology.toUpperCase()} : ${counts[typology]}`}</li>
                      ))}
                    </ul>
                  }
                >
                  {planningSummaryMessages.lotCount(
                    figures.participants,
                    typologies
                      .filter((typology) => counts[typology] > 0)
                      .map((typology) => `${counts[typology]} ${typology}`)
                      .join(', ') || '—',
                  )}
                </Popover>
              ),
            },
            {
              label: planningSummaryMessages.invited,
              value: planningSummaryMessages.invitedCounts(progress.invited, progress.unavailable, progress.toInvite),
            },
            {
              label: planningSummaryMessages.answers,
              value: planningSummaryMessages.answerCounts(progress.answered, progress.invited, progress.done, imposed),
            },
          ]}
        />
        <KeyValuePairs
          items={[
            { label: planningSummaryMessages.period, value: `${day(planning.planningStartTime)} → ${day(planning.planningEndTime)}` },
            { label: planningSummaryMessages.deadline, value: formatDateTime(planning.bookingDeadline, planningSummaryMessages.deadlinePattern) },
            {
              label: planningSummaryMessages.team,
              value: (
                <SpaceBetween direction="horizontal" size="s">
                  {team.length > 0
                    ? team.map((amo) => (
                        <SpaceBetween key={amo._id} direction="horizontal" size="xxs" alignItems="center">
                          <UserAvatar userId={amo._id} hasAvatar={amo.hasAvatar} firstname={amo.firstname} lastname={amo.lastname} size={30} />
                          <span>{`${amo.firstname} ${amo.lastname}`.trim()}</span>
                        </SpaceBetween>
                      ))
                    : planningSummaryMessages.unnamedTeam(columns)}
                </SpaceBetween>
              ),
            },
          ]}
        />
        <KeyValuePairs
          items={[
            {
              label: planningSummaryMessages.hours,
              value: (
                <SpaceBetween size="xxs">
                  <span>{`${formatHours(hours.available)} / ${formatHours(hours.needed)}`}</span>
                  <StatusIndicator type={margin >= 0 ? 'success' : 'error'}>{planningSummaryMessages.margin(formatHours(margin))}</StatusIndicator>
                </SpaceBetween>
              ),
            },
            {
              label: planningSummaryMessages.questions,
              value: planning.questions.length ? planning.questions.map((question) => questionLabels[question]).join(', ') : planningSummaryMessages.noQuestion,
            },
            {
              label: planningSummaryMessages.address,
              value: `${address.numero} ${address.rue}, ${address.codepostal} ${address.ville}${address.pays ? `, ${address.pays}` : ''}`,
            },
          ]}
        />
      </ColumnLayout>
    </Container>
  );
}
