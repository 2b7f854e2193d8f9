import { unavailableVisitMark, planningSheetTexts } from '../../../shared/messages/exports';
import { attendanceLabels } from '../../../shared/domain/attendance';
import { shortNoticeMark } from '../../../shared/rules/short-notice';
import type { TitleFormat } from '../../../shared/exports/title-format';
import type { Deps } from '../../runtime/deps';
import { exportVisits, isImposed, type ExportVisit } from './export-visits';
import { amoNamesOf } from './load-export-plannings';
import { buildWorkbook, type SheetColumn } from './xlsx-workbook';
import type { PlanningState } from '../../data/plannings-repository';

const yesNo = (value: boolean) => (value ? planningSheetTexts.yes : planningSheetTexts.no);
const headers = planningSheetTexts.headers;
/** Force majeure is an answer too (isConfirmed), but not a presence: the column says 'indisponible'. */
const presence = (visit: ExportVisit) => (visit.unavailable ? unavailableVisitMark : yesNo(visit.meeting.isConfirmed));

/**
 * The columns of every planning sheet; the imposed one adds the confirmation (part 2 §2.7). The
 * notice rule's column is the imposed sheet's, and a free one's whose staff imposed a date under it.
 */
function planningColumns(imposed: boolean, consolidated: boolean, noticeMarked: boolean): SheetColumn<ExportVisit>[] {
  return [
    ...(consolidated ? [{ header: headers.planning, width: 28, value: (visit: ExportVisit) => visit.planningName, typed: true }] : []),
    { header: headers.title, width: 30, value: (visit) => visit.title, typed: true },
    { header: headers.lot, width: 10, value: (visit) => visit.meeting.guest.lotcomm, typed: true },
    { header: headers.name, width: 26, value: (visit) => visit.meeting.guest.nom, typed: true },
    { header: headers.typology, width: 10, value: (visit) => visit.meeting.guest.typologie, typed: true },
    { header: headers.building, width: 10, value: (visit) => visit.meeting.guest.batiment, typed: true },
    { header: headers.floor, width: 8, value: (visit) => visit.meeting.guest.etage, typed: true },
    { header: headers.phone, width: 16, value: (visit) => visit.meeting.guest.telephonemonsieur, typed: true },
    { header: headers.email, width: 30, value: (visit) => visit.meeting.guest.mailmonsieur, typed: true },
    { header: headers.status, width: 14, value: (visit) => visit.status },
    ...(imposed ? [{ header: headers.confirmed, width: 12, value: presence }] : []),
    // The convocation notice rule (docs/user-guide.md « Délai de convocation »): buyers convened under it.
    ...(imposed || noticeMarked
      ? [{ header: headers.notice, width: 20, value: (visit: ExportVisit) => (visit.meeting.shortNotice ? shortNoticeMark : '') }]
      : []),
    { header: headers.start, width: 18, value: (visit) => visit.meeting.start, date: true },
    { header: headers.end, width: 18, value: (visit) => visit.meeting.end, date: true },
    { header: headers.amo, width: 22, value: (visit) => visit.amoName, typed: true },
    { header: headers.observations, width: 40, value: (visit) => visit.meeting.observations ?? '', typed: true },
    // Attendance on the day (docs/user-guide.md « Présences »).
    { header: headers.attendance, width: 18, value: (visit) => (visit.meeting.attendance ? attendanceLabels[visit.meeting.attendance] : '') },
    { header: headers.attendanceNote, width: 30, value: (visit) => visit.meeting.attendanceNote ?? '', typed: true },
  ];
}

/** The spreadsheet of plannings already loaded (the request's small export, or the export job's). */
export async function planningWorkbook(deps: Deps, states: PlanningState[], format: TitleFormat): Promise<{ body: Buffer; filename: string }> {
  const visits = exportVisits(states, format, await amoNamesOf(deps, states));
  const consolidated = states.length > 1;
  const body = await buildWorkbook([
    {
      name: consolidated ? planningSheetTexts.consolidatedSheet : planningSheetTexts.sheet,
      columns: planningColumns(
        isImposed(states[0].planning),
        consolidated,
        visits.some((visit) => visit.meeting.shortNotice),
      ),
      rows: visits,
    },
  ]);
  return { body, filename: consolidated ? 'planning-consolide.xlsx' : `planning-${states[0].planning.uuid}.xlsx` };
}
