import { isPathAllowed, ownTwinPath } from '../../../shared/rules/role-routes';

describe('a staff page under another staff role’s path opens under the role’s own (part 3 §2 routing)', () => {
  it('an administrator opening /promoter/templates/nouveau is sent to /amo/templates/nouveau, not /login', () => {
    expect(isPathAllowed('administrator', '/promoter/templates/nouveau')).toBe(false);
    expect(ownTwinPath('administrator', '/promoter/templates/nouveau')).toBe('/amo/templates/nouveau');
    expect(ownTwinPath('administrator', '/promoter/templates')).toBe('/amo/templates');
  });

  it('a promoter opening an AMO template page gets the promoter one; an AMO the AMO one', () => {
    expect(ownTwinPath('promoter', '/amo/templates/nouveau')).toBe('/promoter/templates/nouveau');
    expect(ownTwinPath('amo', '/promoter/templates')).toBe('/amo/templates');
  });

  it('roles without template pages, and other paths, have no twin (the guard still sends them to /login)', () => {
    expect(ownTwinPath('customer', '/promoter/templates/nouveau')).toBeUndefined();
    expect(ownTwinPath('moderator', '/amo/templates')).toBeUndefined();
    expect(ownTwinPath('amo', '/admin/users')).toBeUndefined();
    expect(ownTwinPath('administrator', '/promoter/templatesx')).toBeUndefined();
  });
});
