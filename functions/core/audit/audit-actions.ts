import type { ApiGroup, LocalGroup, RouteKey } from '../../api-routes';
import { auditActionTexts } from '../../../shared/messages/audit-actions';

type AnyRouteKey = RouteKey<ApiGroup> | RouteKey<LocalGroup>;
/** The calls the audit log records: every write (a read made while simulating is not logged). */
export type AuditedRouteKey = Extract<AnyRouteKey, `${'POST' | 'PATCH' | 'PUT' | 'DELETE'} ${string}`>;

/** The start of a simulation is recorded by the simulation itself (a GET), under this label. */
export const simulationStartedLabel = auditActionTexts.simulationStarted;
/** Its end: the simulated session's logout, or the administrator's own (core/accounts/logout.ts). */
export const simulationEndedLabel = auditActionTexts.simulationEnded;

/**
 * What an administrator did while simulating a user, in French, by route template (the audit log,
 * part 3 §4 Impersonation; the texts in shared/messages/audit-actions.ts): the log shows these
 * labels instead of the raw HTTP call. The type requires a label for every write route of
 * functions/api-routes.ts, so a new route cannot be logged without one. A simulated session's
 * logout is how a simulation ends.
 */
export const auditActionLabels: Record<AuditedRouteKey, string> = auditActionTexts.byRoute;

const templates = Object.entries(auditActionLabels).map(([key, label]) => {
  const [method, path] = key.split(' ');
  const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
  return { key, method, pattern, label };
});

/**
 * The French label of a call: by its route template when known (`event.routeKey`), else by matching
 * the concrete call ('PATCH /api/users/me', as the first entries of the log were stored).
 */
export function auditActionLabel(call: string): string {
  const known = (auditActionLabels as Record<string, string>)[call];
  if (known) return known;
  const [method, path = ''] = call.split(' ');
  return templates.find((template) => template.method === method && template.pattern.test(path))?.label ?? call;
}
