import { z } from 'zod';
import { printViews } from './print-spec';
import { titleFormats } from './title-format';

/** What the print page draws (GET /exports/print-data), read with the renderer's print token. */
export const printVisitSchema = z.object({
  start: z.string(),
  end: z.string(),
  amoNb: z.number().int().nullable(),
  title: z.string(),
  planningIndex: z.number().int(),
  /** The buyer declared force majeure: the slot stays, printed 'indisponible'. */
  unavailable: z.boolean(),
  /** Convened under the program's notice days (docs/user-guide.md « Délai de convocation »): printed 'Convocation tardive'. */
  shortNotice: z.boolean().optional(),
});
export type PrintVisit = z.infer<typeof printVisitSchema>;

export const printPlanningSchema = z.object({
  uuid: z.string(),
  /** 'name - Visites {phase label} (n lots)' (part 2 §2.9). */
  title: z.string(),
  name: z.string(),
  projectName: z.string(),
  address: z.string(),
  amos: z.array(z.object({ amoNb: z.number().int(), name: z.string() })),
});

export const printDataSchema = z.object({
  plannings: z.array(printPlanningSchema),
  visits: z.array(printVisitSchema),
  freeMeetings: z.array(z.object({ name: z.string(), start: z.string(), end: z.string(), color: z.string() })),
  format: z.enum(titleFormats),
  view: z.enum(printViews),
  showFreeMeetings: z.boolean(),
  amoNb: z.number().int().nullable(),
  /** The days the plannings cover, 'YYYY-MM-DD' in Europe/Paris, in order. */
  days: z.array(z.string()),
});
export type PrintData = z.infer<typeof printDataSchema>;
