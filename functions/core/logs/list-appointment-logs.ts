import type { AppointmentLog } from '../../../shared/domain/appointment-log';
import { listAppointmentLogs } from '../../data/appointment-logs-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { logMessages } from '../../../shared/messages/logs';

/** Part 3 §9: the appointment logs page shows the last 2 years by default. */
const defaultLogYears = 2;
/** A read is at most 5 years of monthly Queries (60), whatever the query asks. */
const maxRangeMs = 5 * 366 * 86_400_000;
const rangeMessage = logMessages.rangeInvalid;

/** GET /rdv/logs: every planning creation between `from` (default 2 years ago) and `to` (default now), oldest first. */
export async function appointmentLogs(deps: Deps, query: { from?: string; to?: string }): Promise<{ logs: AppointmentLog[]; from: string; to: string }> {
  const now = deps.now();
  const to = query.to ? new Date(query.to) : now;
  const from = query.from
    ? new Date(query.from)
    : new Date(Date.UTC(now.getUTCFullYear() - defaultLogYears, now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()));
  if (from.getTime() > to.getTime() || to.getTime() - from.getTime() > maxRangeMs)
    throw new ValidationError(rangeMessage, [{ path: 'from', message: rangeMessage }]);
  const logs = await listAppointmentLogs(deps.store, from.toISOString(), to.toISOString());
  return { logs, from: from.toISOString(), to: to.toISOString() };
}
