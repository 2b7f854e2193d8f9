import { phaseLabels } from '../../../shared/domain/planning';
import { printVisitOrder, type PrintData } from '../../../shared/exports/print-data';
import type { PrintSpec } from '../../../shared/exports/print-spec';
import { visitTitle } from '../../../shared/exports/title-format';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';
import { findPlanningIdByUuid, loadPlanningState, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { publicPlanningNotFound } from '../../../shared/domain/public-planning';
import { isScheduled, isUnavailableVisit } from './export-visits';
import { amoNamesOf } from './load-export-plannings';
import { verifyPrintToken } from './print-token';
import { publicPlanningByUuid } from '../viewer/public-planning';
import { encodeVisitCursor, readVisitPage, visitPageStart } from '../viewer/planning-visit-pages';

/** The plannings of a print, by uuid; drafts and deleted plannings are not printed. */
export async function loadPrintPlannings(deps: Deps, uuids: string[]): Promise<PlanningState[]> {
  return Promise.all(
    uuids.map(async (uuid) => {
      const planningId = await findPlanningIdByUuid(deps.store, uuid);
      const state = planningId ? await loadPlanningState(deps.store, planningId) : null;
      if (!state || state.planning.templateType === 'draft' || state.planning.templateType === 'draftImpose') throw new NotFoundError(publicPlanningNotFound);
      return state;
    }),
  );
}

const parisDay = (instant: string) => epochToParisWall(Date.parse(instant)).date;

/**
 * The print page's content for a spec, a page at a time (docs/architecture.md « Bounded answers »):
 * every planning's header, the visits of at most `VISIT_PAGE_MEETINGS` meetings titled in the
 * spec's format (one AMO or all), the days of the plannings and of these visits, and `nextCursor`
 * while more follow; the print page reads every page before it prints.
 */
async function printDataOf(deps: Deps, spec: PrintSpec, cursor?: string): Promise<PrintData> {
  const plannings = await Promise.all(spec.uuids.map((uuid) => publicPlanningByUuid(deps, uuid)));
  const ids = plannings.map((planning) => planning._id);
  const position = await visitPageStart(deps, ids, cursor);
  const [page, amoNames] = await Promise.all([
    readVisitPage(deps, ids, position),
    amoNamesOf(
      deps,
      plannings.map((planning) => ({ planning, meetings: [] })),
    ),
  ]);
  const visits = page.meetings.flatMap((meetings, planningIndex) =>
    meetings
      .filter((meeting) => isScheduled(meeting) && (spec.amoNb === null || meeting.amoNb === spec.amoNb))
      .map((meeting) => ({
        start: meeting.start!,
        end: meeting.end!,
        amoNb: meeting.amoNb,
        title: visitTitle(spec.format, meeting.guest),
        planningIndex,
        unavailable: isUnavailableVisit(meeting),
        ...(meeting.shortNotice ? { shortNotice: true } : {}),
      })),
  );
  visits.sort(printVisitOrder);
  const freeMeetings = spec.showFreeMeetings
    ? plannings.flatMap((planning) => (planning.freeMeetings ?? []).map(({ name, start, end, color }) => ({ name, start, end, color })))
    : [];
  const days = [
    ...new Set([...plannings.flatMap((planning) => planning.events.map((event) => parisDay(event.start))), ...visits.map((visit) => parisDay(visit.start))]),
  ].sort();
  return {
    plannings: plannings.map((planning, index) => ({
      uuid: planning.uuid,
      title: `${planning.name} - Visites ${phaseLabels[planning.phase]} (${position.counts[index]} lots)`,
      name: planning.name,
      projectName: planning.projectName,
      address: `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`,
      amos: planning.amoList
        .map((id, amoNb) => ({ amoNb, name: amoNames.get(id) || `AMO ${amoNb + 1}` }))
        .filter((amo) => spec.amoNb === null || amo.amoNb === spec.amoNb),
    })),
    visits,
    freeMeetings,
    format: spec.format,
    view: spec.view,
    showFreeMeetings: spec.showFreeMeetings,
    amoNb: spec.amoNb,
    days,
    ...(page.next ? { nextCursor: encodeVisitCursor(page.next) } : {}),
  };
}

// GET /exports/print-data?token=…[&cursor=…]: what the print page draws, for the renderer's token only
export async function printData(deps: Deps, token: string, cursor?: string): Promise<PrintData> {
  const spec = await verifyPrintToken(await deps.secrets.signingKey(), token, deps.now());
  return printDataOf(deps, spec, cursor);
}
