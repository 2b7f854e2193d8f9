import { z } from 'zod';
import type { PlanningsInvoice } from '../../../shared/domain/invoice-entity';
import { phaseLabels } from '../../../shared/domain/planning';
import { listAllPrograms } from '../../data/programs-repository';
import { countPlanningMeetings } from '../../data/planning-participants-repository';
import { listProgramPlannings, type PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';

/**
 * One row of the plannings billing table (part 3 §2, §3 'Planning (admin views)').
 * @public the one definition of the shape: callers import its type (BillingPlanning), and none parses with it yet.
 */
export const billingPlanningSchema = z.object({
  _id: z.string(),
  name: z.string(),
  program: z.string(),
  projectName: z.string(),
  promoter: z.string(),
  phase: z.string(),
  phaseLabel: z.string(),
  participants: z.number(),
  planningStartTime: z.string(),
  invoiceEntity: z.string().optional(),
  nbInvited: z.number(),
  nbBooked: z.number(),
  nbNotAvailable: z.number(),
  nbNotBooked: z.number(),
  nbConfirmed: z.number(),
});
export type BillingPlanning = z.infer<typeof billingPlanningSchema>;

/**
 * Every live planning, read program by program through each program's planning index (no table
 * scan; an administrator's view, bounded by the number of programs).
 */
export async function billedPlannings(deps: Deps): Promise<PlanningRecord[]> {
  const programs = await listAllPrograms(deps.store);
  const perProgram = await Promise.all(programs.map((program) => listProgramPlannings(deps.store, program._id)));
  return perProgram.flat();
}

/** The appointments a planning uses from its entity's credits: its booked visits. */
function usedAppointments(planning: PlanningRecord): number {
  return planning.nbBooked;
}

/** GET /plannings (administrators): the billing table, newest first. */
export async function listBillingPlannings(deps: Deps): Promise<{ plannings: BillingPlanning[] }> {
  const plannings = (await billedPlannings(deps)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const participants = await Promise.all(plannings.map((planning) => countPlanningMeetings(deps.store, planning._id)));
  return {
    plannings: plannings.map((planning, index) => ({
      _id: planning._id,
      name: planning.name,
      program: planning.projectId,
      projectName: planning.projectName,
      promoter: planning.promoter,
      phase: planning.phase,
      phaseLabel: phaseLabels[planning.phase],
      participants: participants[index],
      planningStartTime: planning.planningStartTime,
      invoiceEntity: planning.invoiceEntity,
      nbInvited: planning.nbInvited,
      nbBooked: planning.nbBooked,
      nbNotAvailable: planning.nbNotAvailable,
      nbNotBooked: planning.nbNotBooked,
      nbConfirmed: planning.nbConfirmed,
    })),
  };
}

/** GET /plannings-invoice (part 3 §7): entity id → its plannings and the appointments they used. */
export async function planningsInvoice(deps: Deps): Promise<PlanningsInvoice> {
  const counts: PlanningsInvoice = {};
  for (const planning of await billedPlannings(deps)) {
    if (!planning.invoiceEntity) continue;
    const entry = (counts[planning.invoiceEntity] ??= { plannings: 0, used: 0 });
    entry.plannings += 1;
    entry.used += usedAppointments(planning);
  }
  return counts;
}
