import { z } from 'zod';
import { phaseSchema, templateTypeSchema } from './planning';

/**
 * An appointment log (part 3 §3): one per planning creation, written in the creation's transaction
 * and kept when the planning is deleted (it is a log of what was created).
 */
export const appointmentLogSchema = z.object({
  planningId: z.string(),
  nom: z.string(),
  program: z.string(),
  programId: z.string(),
  promoter: z.string(),
  phase: phaseSchema,
  templateType: templateTypeSchema,
  invoiceEntity: z.string().optional(),
  createdAt: z.string(),
});
export type AppointmentLog = z.infer<typeof appointmentLogSchema>;
