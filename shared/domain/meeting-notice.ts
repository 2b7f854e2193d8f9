import { z } from 'zod';

/**
 * The meeting's mark of a convocation made under the notice rule's days (shared/rules/short-notice.ts),
 * kept apart from planning.ts so that the rule can import the planning's phases.
 */
export const meetingNoticeFields = {
  /** Convened (created, moved or imposed) less than the program's notice days before the visit, staff having confirmed it. */
  shortNotice: z.boolean().optional(),
};
