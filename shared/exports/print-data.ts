import { z } from 'zod';
import { printViews } from './print-spec';
import { titleFormats } from './title-format';

/** What the print page draws (GET /exports/print-data), read with the renderer's print token. */
const printVisitSchema = z.object({
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

const printPlanningSchema = z.object({
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
  /** The days the plannings cover, 'YYYY-MM-DD' in Europe/Paris, in order (of the page's visits: the pages' days together are the print's). */
  days: z.array(z.string()),
  /** More visits follow (docs/architecture.md « Bounded answers »): the next page's cursor. */
  nextCursor: z.string().optional(),
});
export type PrintData = z.infer<typeof printDataSchema>;

/** The print's order: by start, then by title in the French numeric collation. */
export const printVisitOrder = (a: PrintVisit, b: PrintVisit): number =>
  a.start.localeCompare(b.start) || a.title.localeCompare(b.title, 'fr', { numeric: true });

/** The pages of a print read one after the other, as one print: every visit in order, every day once. */
export function mergePrintPages(pages: readonly PrintData[]): PrintData {
  const [first] = pages;
  return {
    ...first,
    visits: pages.flatMap((page) => page.visits).sort(printVisitOrder),
    days: [...new Set(pages.flatMap((page) => page.days))].sort(),
    nextCursor: undefined,
  };
}
