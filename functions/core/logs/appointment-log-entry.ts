import type { AppointmentLog } from '../../../shared/domain/appointment-log';
import type { Deps } from '../../runtime/deps';
import { appointmentLogPut } from '../../data/appointment-logs-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';

/**
 * The appointment log of a planning being created (part 3 §3: nom, program, promoter, phase,
 * invoiceEntity, createdAt), as the write to put in the creation's own transaction: pass it to
 * `insertPlanning(store, planning, meetings, [appointmentLogWrite(store, planning, program)])`. Free and
 * imposed creations both call it.
 */
export function appointmentLogWrite(store: Deps['store'], planning: PlanningRecord, program: ProgramRecord) {
  const log: AppointmentLog = {
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
  return appointmentLogPut(store, log);
}
