import type { Planning } from '../../../shared/domain/planning';
import type { PlanningRecord } from '../../data/plannings-repository';

export function toPlanning(record: PlanningRecord): Planning {
  const { version: _version, unavailable: _unavailable, extraAvailable: _extra, attachment: _attachment, invitationJobId: _job, ...planning } = record;
  return planning;
}
