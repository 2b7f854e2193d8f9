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
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
