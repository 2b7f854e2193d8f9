import { z } from 'zod';
import { genderSchema } from './account';
import { typologySchema } from './typology';
import { lotPageMessages } from '../messages/lots';

/** A lot and its buyer (client), one per lot (part 2 §3, part 1 §3 "Housing"). */
export const lotSchema = z.object({
  _id: z.string(),
  program: z.string(),
  lotcomm: z.string(),
  lotcopro: z.string().optional(),
  titre: z.string().optional(),
  gender: genderSchema.optional(),
  firstname: z.string().optional(),
  nom: z.string(),
  adresse: z.string().optional(),
  codepostal: z.string().optional(),
  ville: z.string().optional(),
  telephonemonsieur: z.string(),
  telephonemadame: z.string().optional(),
  mailmonsieur: z.string(),
  mailmadame: z.string().optional(),
  typologie: typologySchema,
  batiment: z.string(),
  etage: z.string(),
  owner: z.string().optional(),
  /**
   * Which buyers' time this is (part 1 §6): a new id each time the lot's buyer e-mails change. The
   * housing's conversations, files and badges carry the tenure they were written in; a buyer sees
   * only those of the tenure they were linked in. Absent for the lot's first buyers.
   */
  tenure: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lot = z.infer<typeof lotSchema>;

/** The 14 columns of the client file, in order (part 2 §3). Mandatory ones are marked. */
export const lotImportColumns = [
  { field: 'lotcopro', header: 'lot copro', required: false },
  { field: 'lotcomm', header: 'lot comm', required: true },
  { field: 'titre', header: 'titre', required: true },
  { field: 'nom', header: 'nom', required: true },
  { field: 'adresse', header: 'adresse', required: false },
  { field: 'codepostal', header: 'code postal', required: false },
  { field: 'ville', header: 'ville', required: false },
  { field: 'telephonemonsieur', header: 'telephone monsieur', required: true },
  { field: 'telephonemadame', header: 'telephone madame', required: false },
  { field: 'mailmonsieur', header: 'mail monsieur', required: true },
  { field: 'mailmadame', header: 'mail madame', required: false },
  { field: 'typologie', header: 'typologie', required: true },
  { field: 'batiment', header: 'batiment', required: true },
  { field: 'etage', header: 'etage', required: true },
] as const;

export type LotImportField = (typeof lotImportColumns)[number]['field'];
export type LotImportRow = Record<LotImportField, string>;

/**
 * A lot as the screens that pick among all of a program's lots need it (`view=picker` of
 * GET /programs/{id}/clients): a sixth of a full lot, so 10,000 lots load in a few bounded pages.
 */
export const lotPickerSchema = lotSchema.pick({ _id: true, lotcomm: true, nom: true, typologie: true, batiment: true, etage: true, mailmonsieur: true });
export type LotPick = z.infer<typeof lotPickerSchema>;
export const lotPickerFields = Object.keys(lotPickerSchema.shape) as (keyof LotPick)[];

/** The most lots one page of GET /programs/{id}/clients answers (docs/architecture.md « Bounded answers »). */
export const maxLotsPerPage = 500;

/**
 * GET /programs/{id}/clients: a page of the program's lots in lot-number order, the opaque cursor
 * of the next page (null after the last) and the number of lots of the program (not of the search).
 */
export const lotPageSchema = z.object({ clients: z.array(lotSchema), nextCursor: z.string().nullable(), total: z.number().int() });
export type LotPage = z.infer<typeof lotPageSchema>;
export const lotPickerPageSchema = lotPageSchema.extend({ clients: z.array(lotPickerSchema) });
export type LotPickerPage = z.infer<typeof lotPickerPageSchema>;
/** GET /rdv/{id}/lot-candidates: a picker page of the program's lots not yet in the planning (no total: the page is filtered). */
export const lotCandidatesPageSchema = lotPickerPageSchema.omit({ total: true });
export type LotCandidatesPage = z.infer<typeof lotCandidatesPageSchema>;

/** GET /programs/{id}/clients?cursor&limit&q&view: `cursor` is the `nextCursor` of the previous page (opaque). */
export const lotPageQuerySchema = z.object({
  cursor: z
    .string()
    .max(1_000, lotPageMessages.invalidCursor)
    .regex(/^[\w-]+$/, lotPageMessages.invalidCursor)
    .optional(),
  limit: z.coerce
    .number({ error: lotPageMessages.invalidLimit })
    .int(lotPageMessages.invalidLimit)
    .min(1, lotPageMessages.invalidLimit)
    .max(maxLotsPerPage, lotPageMessages.invalidLimit)
    .default(100),
  q: z
    .string()
    .trim()
    .max(100, lotPageMessages.searchTooLong)
    .optional()
    .transform((value) => value || undefined),
  view: z.enum(['full', 'picker']).default('full'),
});
export type LotPageQuery = z.infer<typeof lotPageQuerySchema>;
