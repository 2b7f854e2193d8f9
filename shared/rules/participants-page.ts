import type { Meeting, Planning } from '../domain/planning';
import type { ParticipantsQuery, ParticipantSort } from '../domain/planning-detail-reads';
import { isPlaced, isToPlace } from './meeting-status';
import { participantStatus } from './planning-figures';

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

type Row = { meeting: Meeting; status: string };

/** Sort keys of the table's columns (part 2 §2.6); ties by lot, so a page never changes order between reads. */
const compareBy: Record<ParticipantSort, (a: Row, b: Row) => number> = {
  lot: (a, b) => collator.compare(a.meeting.guest.lotcomm, b.meeting.guest.lotcomm),
  name: (a, b) => collator.compare(a.meeting.guest.nom, b.meeting.guest.nom),
  status: (a, b) => collator.compare(a.status, b.status),
  // Visits without a date after the dated ones.
  appointment: (a, b) => (placedStart(a.meeting) ?? '\uffff').localeCompare(placedStart(b.meeting) ?? '\uffff'),
  invitation: (a, b) => (a.meeting.invitationMail.at(-1) ?? '').localeCompare(b.meeting.invitationMail.at(-1) ?? ''),
};

const placedStart = (meeting: Meeting): string | null => (isPlaced(meeting) && meeting.start ? meeting.start : null);

/** Whether a buyer matches the table's search: lot, name, e-mail, building, typology or status, case and accents ignored. */
function matches(row: Row, needle: string): boolean {
  const { guest } = row.meeting;
  return [guest.lotcomm, guest.nom, guest.email, guest.batiment, guest.typologie, row.status].some((value) => fold(value).includes(needle));
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * One page of the participants table (part 2 §2.6), filtered and sorted on the server: the answer
 * holds at most `pageSize` buyers whatever the planning's size (docs/architecture.md « Live staff screens »).
 */
export function participantsPage(
  planning: Pick<Planning, 'templateType'>,
  meetings: readonly Meeting[],
  query: ParticipantsQuery,
): { rows: Meeting[]; total: number; page: number } {
  const needle = fold(query.q?.trim() ?? '');
  const rows = meetings
    .map((meeting) => ({ meeting, status: participantStatus(planning, meeting) }))
    .filter(
      (row) =>
        (query.status === undefined || row.status === query.status) &&
        (query.amo === undefined || (placedStart(row.meeting) !== null && row.meeting.amoNb === query.amo)) &&
        (query.toPlace !== 'true' || isToPlace(row.meeting)),
    )
    .filter((row) => !needle || matches(row, needle));
  const compare = compareBy[query.sort];
  const direction = query.desc === 'true' ? -1 : 1;
  rows.sort((a, b) => direction * compare(a, b) || compareBy.lot(a, b) || a.meeting.uuid.localeCompare(b.meeting.uuid));
  const pages = Math.max(1, Math.ceil(rows.length / query.pageSize));
  const page = Math.min(query.page, pages);
  return { rows: rows.slice((page - 1) * query.pageSize, page * query.pageSize).map((row) => row.meeting), total: rows.length, page };
}
