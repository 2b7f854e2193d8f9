/** Values kept locally on the client (part 1 §3 "Values kept locally"), under these exact keys. */
export const storageKeys = {
  authToken: 'authToken',
  currentUser: 'currentUser',
  currentProgram: 'currentProgram',
  currentProgramId: 'currentProgramId',
  currentPlanning: 'currentPlanning',
  currentPlanningId: 'currentPlanningId',
  currentHousing: 'currentHousing',
  currentHousingId: 'currentHousingId',
  collapsed: 'collapsed',
  recentColors: 'recentColors',
  notifications: 'notifications',
  // The administrator's own session, kept aside while impersonating (part 3 §4).
  adminToken: 'adminToken',
  adminUser: 'adminUser',
  // Attendance marks made without network, sent when it comes back (docs/user-guide.md « Présences »).
  attendanceQueue: 'attendanceQueue',
  // The operations a screen follows (an import, a creation, an export), by scope: a reload finds them again.
  operations: 'operations',
} as const;
