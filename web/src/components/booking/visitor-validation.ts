import '../../../../shared/i18n/zod-french';
import { visitorSchema } from '../../../../shared/domain/planning';
import type { Visitor } from '../../../../shared/domain/planning';
import type { VisitorErrors } from './booking-form';

/**
 * Per-visitor errors ('Nom manquant', 'Prénom manquant', 'Email invalide') of the visitors as sent
 * (booking-form's toVisitor), by the server's own rules.
 * A module of its own: the booking page loads it, and zod with it, only once a buyer adds a visitor
 * (with zod the page's first load would exceed its weight budget on a phone).
 */
export function validateVisitors(visitors: readonly Visitor[]): VisitorErrors[] {
  return visitors.map((visitor) => {
    const parsed = visitorSchema.safeParse(visitor);
    const errors: VisitorErrors = {};
    if (parsed.success) return errors;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'nom' || field === 'prenom' || field === 'email') && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  });
}
