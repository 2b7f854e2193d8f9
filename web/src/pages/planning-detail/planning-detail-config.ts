import type { BadgeProps } from '@cloudscape-design/components/badge';
import { phaseLabels, type Meeting, type Planning } from '../../../../shared/domain/planning';
import { DEFAULT_FREE_MEETING_COLOR } from '../../../../shared/domain/planning-action-requests';
import { typologies, type Typology } from '../../../../shared/domain/typology';
import type { BulkAction } from '../../../../shared/rules/bulk-selection';
import { freeMeetingStatus, imposedMeetingStatus, isPlaced, type FreeMeetingStatus } from '../../../../shared/rules/meeting-status';

/** part 2 §2.5, §2.7: the imposed planning's statuses (part 1 §4). */
type ImposedMeetingStatus = ReturnType<typeof imposedMeetingStatus>;
import { SWITCH_MAX, SWITCH_MAX_AMOS, SWITCH_MIN } from '../../../../shared/scheduling/switch-amo';
import { formatDateTime } from '../../components/format-date';
import { bulkFailureMessages, participantsMessages } from '../../../../shared/messages/planning-detail';

/** Bulk-action failures (part 2 §8 'Bulk'). */
export const bulkFailures: Record<BulkAction, string> = bulkFailureMessages;

/** Colours of the four statuses of the detail page (part 2 §4). */
export const statusColors: Record<FreeMeetingStatus | ImposedMeetingStatus, BadgeProps['color']> = {
  réservé: 'green',
  // part 2 §2.5, §2.7: the imposed planning's 'présent'
  présent: 'green',
  'en attente': 'blue',
  indisponible: 'red',
  inactif: 'grey',
};

/** Ten AMO colours (part 2 §9), one per AMO column, for the booked visits of the calendar. */
export const AMO_COLORS = ['#1f6feb', '#2e8540', '#8250df', '#c2410c', '#0e7490', '#a21caf', '#4d7c0f', '#b45309', '#be123c', '#475569'] as const;
export const amoColor = (amoNb: number | null): string => AMO_COLORS[(amoNb ?? 0) % AMO_COLORS.length];

/** Colours of the availability drawer (part 2 §9). */
export const AVAILABLE_COLOR = '#d4dfc7';

/** Colours offered for an RDV Libre, the default first; the text on each is chosen by contrast (readableTextColor). */
export const FREE_MEETING_COLORS = [DEFAULT_FREE_MEETING_COLOR, '#e07941', '#d6a10f', '#3f8f7c', '#5b7fc7', '#9d5fb0', '#c24d6b'] as const;

/** The AMO of a column: its name when AMOs are assigned, else 'AMO n'. */
export function amoName(planning: Pick<Planning, 'amoList' | 'areAmosAssigned'>, amoNb: number | null, names: Record<string, string>): string {
  if (amoNb === null) return '—';
  const id = planning.amoList[amoNb];
  return (id && names[id]) || `AMO ${amoNb + 1}`;
}

export interface ParticipantRow {
  uuid: string;
  meeting: Meeting;
  lot: string;
  name: string;
  typologie: Typology;
  status: FreeMeetingStatus | ImposedMeetingStatus;
  appointment: string;
  amo: string;
  invitation: string | null;
  notifications: string;
}

const asTypology = (value: string): Typology => ((typologies as readonly string[]).includes(value) ? (value as Typology) : '1p');

export function participantRow(planning: Planning, meeting: Meeting, amoNames: Record<string, string>): ParticipantRow {
  const placed = isPlaced(meeting) && meeting.start;
  const lastInvitation = meeting.invitationMail.at(-1);
  const channels = [meeting.notifMail && 'Mail', meeting.notifSMS && 'SMS'].filter(Boolean);
  return {
    uuid: meeting.uuid,
    meeting,
    lot: meeting.guest.lotcomm,
    name: meeting.guest.nom,
    typologie: asTypology(meeting.guest.typologie),
    status: planning.templateType === 'promoterImpose' ? imposedMeetingStatus(meeting) : freeMeetingStatus(meeting),
    appointment: placed ? formatDateTime(meeting.start!, 'EEE dd/MM/yyyy HH:mm') : '',
    amo: placed ? amoName(planning, meeting.amoNb, amoNames) : '',
    invitation: meeting.isInvitationSent ? (lastInvitation ? formatDateTime(lastInvitation) : participantsMessages.sent) : null,
    notifications: channels.length ? channels.join(' · ') : participantsMessages.noChannel,
  };
}

export const phaseLabelOf = (planning: Pick<Planning, 'phase'>): string => phaseLabels[planning.phase] ?? planning.phase;

/** The public read-only preview (part 2 §2.9). */
export const previewPath = (planning: Pick<Planning, 'uuid'>): string => `/pview/${planning.uuid}`;

/** Switch AMO (part 2 §5): 2 to 6 visits spanning at most 2 AMOs; one AMO spanned needs a target. */
export function switchCheck(selection: readonly Pick<Meeting, 'amoNb'>[]): { ok: boolean; amos: number[] } {
  const amos = [...new Set(selection.map((meeting) => meeting.amoNb ?? 0))].sort((a, b) => a - b);
  return { ok: selection.length >= SWITCH_MIN && selection.length <= SWITCH_MAX && amos.length <= SWITCH_MAX_AMOS, amos };
}
