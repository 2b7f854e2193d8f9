import { apiRoutes, localOnlyRoutes } from '../../../functions/api-routes';
import { auditActionLabel, auditActionLabels } from '../../../functions/core/audit/audit-actions';

/** Every call the audit log can record: the writes (part 3 §4 Impersonation; GETs are not logged). */
const loggedRoutes = [...Object.values(apiRoutes), ...Object.values(localOnlyRoutes)].flat().filter((key) => !key.startsWith('GET '));

describe('part 3 §4 Impersonation: the audit log names each action in French', () => {
  it.each(loggedRoutes)('%s has a French action label', (key) => {
    const label = auditActionLabel(key);
    expect(label).not.toBe(key);
    expect(label).not.toMatch(/\/api|^(POST|PATCH|PUT|DELETE)\b/);
    expect(label.length).toBeGreaterThan(3);
  });

  it('the catalogue names no route that does not exist', () => {
    expect(Object.keys(auditActionLabels).sort()).toEqual([...loggedRoutes].sort());
  });

  it('a call stored before the catalogue (the concrete path with its ids) reads with the same label', () => {
    expect(auditActionLabel('PATCH /api/users/me')).toBe('Profil modifié');
    expect(auditActionLabel('POST /api/users/logout')).toBe('Fin de simulation');
    expect(auditActionLabel('POST /api/rdv/65a1b2c3d4e5f60718293a4b/update-notifications')).toBe('Notifications du planning modifiées');
    expect(auditActionLabel('PATCH /api/rdv/book/65a1b2c3d4e5f60718293a4b')).toBe('Rendez-vous réservé');
    expect(auditActionLabel('Début de simulation')).toBe('Début de simulation');
  });
});
