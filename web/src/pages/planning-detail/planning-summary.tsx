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

/** '1 invité', '2 invités', '0 invité' (French: singular for 0 and 1). */
export const plural = (count: number, word: string): string => `${count} ${word}${count > 1 ? 's' : ''}`;

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
                  {`${figures.participants} lots · ${
                    typologies
                      .filter((typology) => counts[typology] > 0)
                      .map((typology) => `${counts[typology]} ${typology}`)
                      .join(', ') || '—'
                  }`}
                </Popover>
              ),
            },
            {
              label: 'Invités',
              value: [
                `${plural(progress.invited, 'invité')} · ${plural(progress.unavailable, 'indisponible')}`,
                progress.toInvite > 0 ? ` · ${plural(progress.toInvite, 'invitation')} à envoyer` : '',
              ].join(''),
            },
            {
              label: 'Réponses',
              value: `${progress.answered} / ${progress.invited} (${plural(progress.done, imposed ? 'confirmé' : 'réservé')})`,
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
                <SpaceBetween direction="horizontal" size="s">
                  {team.length > 0
                    ? team.map((amo) => (
                        <SpaceBetween key={amo._id} direction="horizontal" size="xxs" alignItems="center">
                          <UserAvatar userId={amo._id} hasAvatar={amo.hasAvatar} firstname={amo.firstname} lastname={amo.lastname} size={30} />
                          <span>{`${amo.firstname} ${amo.lastname}`.trim()}</span>
                        </SpaceBetween>
                      ))
                    : `${columns} AMO par jour, non nommé${columns > 1 ? 's' : ''}`}
                </SpaceBetween>
              ),
            },
          ]}
        />
        <KeyValuePairs
          items={[
            {
              label: 'Disponible / Nécessaire',
              value: (
                <SpaceBetween size="xxs">
                  <span>{`${formatHours(hours.available)} / ${formatHours(hours.needed)}`}</span>
                  <StatusIndicator type={margin >= 0 ? 'success' : 'error'}>{`Marge ${formatHours(margin)}`}</StatusIndicator>
                </SpaceBetween>
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
