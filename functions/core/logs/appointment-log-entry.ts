import type { AppointmentLog } from '../../../shared/domain/appointment-log';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';

/**
 * The appointment log of a planning being created (part 3 §3: nom, program, promoter, phase,
 * invoiceEntity, createdAt), written with the creation's end (`commitPlanningCreationEnd`).
 */
export function appointmentLogOf(planning: PlanningRecord, program: ProgramRecord): AppointmentLog {
  return {
    planningId: planning._id,
    nom: planning.name,
    program: program.name,
    programId: program._id,
    promoter: program.promotername,
    phase: planning.phase,
    templateType: planning.templateType,
    // The entity the planning is billed to (its program's, else its owner's: part 3 §2).
    invoiceEntity: planning.invoiceEntity ?? program.invoiceEntity,
    createdAt: planning.createdAt,
  };
}
