import { z } from 'zod';
import { phaseLabels } from '../../../shared/domain/planning';
import type { TitleFormat } from '../../../shared/exports/title-format';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { planningNotFound } from '../plannings/planning-queries';
import { exportVisits } from './export-visits';
import { amoNamesOf, loadExportPlannings } from './load-export-plannings';
import { visitsIcs } from './visits-ics';

export const planningIcsQuery = z.object({ amoNb: z.coerce.number().int().min(0).max(9).optional(), uuid: z.string().max(64).optional() });

/**
 * GET /exports/plannings/{id}/ics: the planning's visits for staff calendars — all of them, one
 * AMO's (`amoNb`), or one meeting (`uuid`, the staff side of 'Ajouter au calendrier').
 */
export async function planningIcs(
  deps: Deps,
  caller: Caller,
  planningId: string,
  filter: z.infer<typeof planningIcsQuery>,
  format: TitleFormat,
): Promise<string> {
  const states = await loadExportPlannings(deps, caller, [planningId]);
  const { planning } = states[0];
  const visits = exportVisits(states, format, await amoNamesOf(deps, states)).filter(
    (visit) => (filter.amoNb === undefined || visit.meeting.amoNb === filter.amoNb) && (filter.uuid === undefined || visit.meeting.uuid === filter.uuid),
  );
  if (filter.uuid !== undefined && visits.length === 0) throw new NotFoundError(planningNotFound);
  return visitsIcs([{ planning, visits }], `${planning.name} - Visites ${phaseLabels[planning.phase]}`, deps.config.publicUrl);
}
