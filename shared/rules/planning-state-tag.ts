import type { TemplateType } from '../domain/planning';

/** The state tags of part 2 §4: values, not messages (the list filters on them, the SPA colours by them). */
export const planningStates = [
  'Planning terminé',
  'Visites en cours',
  'Période de réservation terminée',
  'Brouillon',
  'En cours de réservation',
  "En attente d'envoi invitation",
] as const;
export type PlanningState = (typeof planningStates)[number];

export interface StateTagInput {
  templateType: TemplateType;
  planningStartTime?: string;
  planningEndTime?: string;
  bookingDeadline?: string;
  isInvitationSent?: boolean;
}

/** The planning state tag, rules evaluated in the order of part 2 §4 (its answers are values, not messages: `planningStates`). */
export function planningStateTag(planning: StateTagInput, now: Date): PlanningState {
  const at = now.getTime();
  const isDraft = planning.templateType === 'draft' || planning.templateType === 'draftImpose';
  if (planning.planningEndTime && at > Date.parse(planning.planningEndTime)) return 'Planning terminé';
  if (planning.planningStartTime && at > Date.parse(planning.planningStartTime)) return 'Visites en cours';
  if (!isDraft && planning.bookingDeadline && at >= Date.parse(planning.bookingDeadline)) return 'Période de réservation terminée';
  if (isDraft) return 'Brouillon';
  if (planning.isInvitationSent) return 'En cours de réservation';
  return "En attente d'envoi invitation";
}
