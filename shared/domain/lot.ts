import { z } from 'zod';
import { genderSchema } from './account';
import { typologySchema } from './typology';

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
