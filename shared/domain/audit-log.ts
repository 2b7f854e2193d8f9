import { z } from 'zod';
import { auditLogMessages } from '../messages/admin';

/**
 * The audit log (part 3 §4): what an administrator did while impersonating a user, with both
 * identities, the call and its outcome, newest first, a page at a time.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  administratorId: z.string(),
  administratorName: z.string(),
  userId: z.string(),
  userName: z.string(),
  action: z.string(),
  status: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/audit-log?limit&cursor: `cursor` is the `nextCursor` of the previous page. */
export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: auditLogMessages.invalidPage })
    .int(auditLogMessages.invalidPage)
    .min(1, auditLogMessages.invalidPage)
    .max(100, auditLogMessages.invalidPage)
    .default(20),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[\w-]+$/, auditLogMessages.invalidPage)
    .optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().optional() });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
