import { z } from 'zod';
import { linkUuidPattern } from './ids';

/**
 * Work that grows with a program runs as an operation (docs/architecture.md « Work that grows
 * with a program »): the request answers at once with the operation, jobs advance it step by
 * step, and the screen follows it by its id (GET /api/operations/{id}).
 */
export const operationKinds = ['client-import', 'planning-creation', 'planning-export', 'planning-deletion'] as const;
export type OperationKind = (typeof operationKinds)[number];

export const operationStatuses = ['running', 'done', 'failed'] as const;

export const operationViewSchema = z.object({
  id: z.string(),
  kind: z.enum(operationKinds),
  status: z.enum(operationStatuses),
  /** Units of the operation's work done and in all (lots written, buyers invited…); total 0 while unknown. */
  progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  /** What the operation is doing now, in French (« Lecture du fichier », « Écriture des lots »…). */
  step: z.string().optional(),
  /** What it produced once done (counts, a planning's id, a file's link), small by construction. */
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ message: z.string(), details: z.unknown().optional() }).optional(),
  programId: z.string().optional(),
  planningId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperationView = z.infer<typeof operationViewSchema>;

/** The 202 answer of every request that starts an operation. */
export const operationStartedSchema = z.object({ message: z.string(), operation: operationViewSchema });
export type OperationStarted = z.infer<typeof operationStartedSchema>;

/**
 * The client's `Idempotency-Key` header: one per user action, sent again unchanged when the SPA
 * retries after a 503 or a network error, so the action never runs twice.
 */
export const idempotencyKeySchema = z.string().regex(linkUuidPattern); // the shape of every URL-safe id of the product (8 to 64 of [A-Za-z0-9_-])
