import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AmoSummary } from '../../../../shared/domain/account';
import { questionLabels, type Meeting, type Planning } from '../../../../shared/domain/planning';
import { typologies } from '../../../../shared/domain/typology';
import { planningAnswers, planningProgress } from '../../../../shared/rules/planning-progress';
import type { Hours } from '../../../../shared/scheduling/schemas';
import { formatDateTime } from '../../components/format-date';
import { UserAvatar } from '../../components/user-avatar';
import { formatHours } from '../../components/plannings/hours-panel';
import { typologyCounts } from './planning-detail-config';

export interface PlanningSummaryProps {
  planning: Planning;
  meetings: Meeting[];
  amos: AmoSummary[];
  /** Null while the grid loads. */
  hours: Hours | null;
}

/** A progress circle: the rounded percentage of answers (part 2 §4 'Progress'). */
function ProgressCircle({ percent }: { percent: number }) {
  const radius = 34;
  const length = 2 * Math.PI * radius;
  return (
    <svg width="92" height="92" viewBox="0 0 92 92" role="img" aria-label={`Progression : ${percent} %`}>
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

const initials = {
  width: 30,
  height: 30,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgb(67, 99, 134)',
  color: '#fff',
  fontSize: 12,
  fontWeight: 700,
} as const;

const day = (iso: string) => formatDateTime(iso, 'EEE dd/MM/yyyy');

/** The summary of a free planning (part 2 §2.6). */
export function PlanningSummary({ planning, meetings, amos, hours }: PlanningSummaryProps) {
  const imposed = planning.templateType === 'promoterImpose'; // issue 13: imposed progress and answers
  const progress = planningProgress(planning, imposed);
  const counts = typologyCounts(meetings);
  const answers = planningAnswers(planning, imposed);
  const team = planning.areAmosAssigned
    ? planning.amoList.map((id) => amos.find((amo) => amo._id === id) ?? { _id: id, firstname: '?', lastname: '', hasAvatar: false })
    : [];
  const columns = Math.max(0, ...planning.events.map((event) => event.nbAmo));
  const margin = hours ? Math.round((hours.available - hours.needed) * 100) / 100 : null;
  const { address } = planning;

  return (
    <Container header={<Header variant="h2">Synthèse</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={180}>
        <SpaceBetween size="xs" alignItems="center">
          <ProgressCircle percent={progress.percent} />
          <Box variant="small">{`${progress.waiting} en attente de réponse`}</Box>
        </SpaceBetween>
        <KeyValuePairs
          items={[
            {
              label: 'Lots',
              value: (
                <Popover
                  triggerType="text"
                  header="Typologies"
                  dismissAriaLabel="Fermer"
                  content={
                    <ul style={{ margin: 0, paddingLeft: 16 }}>
                      {typologies.map((typology) => (
                        <li key={typology}>{`${typology.toUpperCase()} : ${counts[typology]}`}</li>
                      ))}
                    </ul>
                  }
                >
                  {`${meetings.length} lots · ${typologies.filter((typology) => counts[typology] > 0).map((typology) => `${counts[typology]} ${typology}`).join(', ') || '—'}`}
                </Popover>
              ),
            },
            { label: 'Invités', value: `${planning.nbInvited} invités · ${planning.nbNotAvailable} indisponible${planning.nbNotAvailable > 1 ? 's' : ''}` },
            {
              label: 'Réponses',
              value: imposed
                ? `${answers.answered} / ${answers.invited} (${planning.nbConfirmed} confirmé${planning.nbConfirmed > 1 ? 's' : ''})`
                : `${answers.answered} / ${answers.invited} (${planning.nbBooked} réservé${planning.nbBooked > 1 ? 's' : ''})`,
            },
          ]}
        />
        <KeyValuePairs
          items={[
            { label: 'Période', value: `${day(planning.planningStartTime)} → ${day(planning.planningEndTime)}` },
            { label: 'Date limite de réponse', value: formatDateTime(planning.bookingDeadline, "EEE dd/MM/yyyy 'à' HH:mm") },
            {
              label: 'Équipe',
              value: (
                <SpaceBetween direction="horizontal" size="xxs">
                  {team.length > 0
                    ? team.map((amo) => (
                        <span key={amo._id} title={`${amo.firstname} ${amo.lastname}`}>
                          <UserAvatar userId={amo._id} firstname={amo.firstname} lastname={amo.lastname} size={30} />
                        </span>
                      ))
                    : Array.from({ length: columns }, (_, index) => (
                        <span key={index} title={`AMO ${index + 1}`} style={initials}>
                          {`A${index + 1}`}
                        </span>
                      ))}
                </SpaceBetween>
              ),
            },
          ]}
        />
        <KeyValuePairs
          items={[
            {
              label: 'Disponible / Nécessaire',
              value: hours ? (
                <SpaceBetween size="xxs">
                  <span>{`${formatHours(hours.available)} / ${formatHours(hours.needed)}`}</span>
                  {margin !== null && <StatusIndicator type={margin >= 0 ? 'success' : 'error'}>{`Marge ${formatHours(margin)}`}</StatusIndicator>}
                </SpaceBetween>
              ) : (
                <StatusIndicator type="loading">Calcul…</StatusIndicator>
              ),
            },
            { label: 'Questions', value: planning.questions.length ? planning.questions.map((question) => questionLabels[question]).join(', ') : 'Aucune' },
            { label: 'Adresse', value: `${address.numero} ${address.rue}, ${address.codepostal} ${address.ville}${address.pays ? `, ${address.pays}` : ''}` },
          ]}
        />
      </ColumnLayout>
    </Container>
  );
}
