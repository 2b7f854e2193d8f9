import { z } from 'zod';
import { isValidCompanyNumber, normalizeCompanyNumber } from '../rules/company-number';
import { typedString } from './typed-string';
import { objectIdPattern } from './ids';
import { invoiceEntityMessages } from '../messages/admin';

/** Legal forms offered (part 3 §3), stored in lower case as `formejuridique`: values, not messages. */
export const legalForms = [
  'Association',
  'Auto-entrepreneur',
  'Coopérative',
  'CUMA',
  'EARL',
  'EI',
  'EIRL',
  'EURL',
  'GAEC',
  'GEIE',
  'GFA',
  'GIE',
  'Groupement',
  'Indivision',
  'Micro-Entreprise',
  'SARL',
  'SA',
  'SAS',
  'SASU',
  'SC',
  'SCA',
  'SCCV',
  'SCEA',
  'SCEV',
  'SCI',
  'SCIC',
  'SCM',
  'SCL',
  'SCOP',
  'SCP',
  'SCS',
  'SDF',
  'SEL',
  'SELAFA',
  'SELARL',
  'SELAS',
  'SELCA',
  'SEM',
  'SEML',
  'SEP',
  'SICA',
  'SNC',
  'SPFPLA',
  'STEF',
] as const;
const legalFormValues = legalForms.map((form) => form.toLowerCase());

const required = (message: string, max = 200) => typedString(message).trim().min(1, message).max(max);

const addressFields = {
  adressenumero: required(invoiceEntityMessages.streetNumberRequired, 20),
  adresserue: required(invoiceEntityMessages.streetRequired),
  adressecodepostal: required(invoiceEntityMessages.postalCodeRequired, 20),
  adresseville: required(invoiceEntityMessages.cityRequired),
  adressepays: required(invoiceEntityMessages.countryRequired, 80),
};

const legalForm = typedString(invoiceEntityMessages.legalFormRequired)
  .trim()
  .toLowerCase()
  .refine((value) => legalFormValues.includes(value), invoiceEntityMessages.legalFormRequired);

/** SIREN, SIRET or Belgian number, the same rule at creation and edit, stored normalised (part 3 §5). */
const companyNumber = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage, 40)
    .refine(isValidCompanyNumber, invalidMessage)
    .transform((value) => normalizeCompanyNumber(value) ?? value);

const objectId = (message: string) => typedString(message).regex(objectIdPattern, message);

/** POST /admin/client (the creation modal): SIREN (or SIRET, or a Belgian number). */
export const invoiceEntityCreateSchema = z.object({
  formejuridique: legalForm,
  raisonsociale: required(invoiceEntityMessages.companyNameRequired),
  siret: companyNumber(invoiceEntityMessages.sirenRequired, invoiceEntityMessages.sirenInvalid),
  promoter: objectId(invoiceEntityMessages.promoterRequired),
  ...addressFields,
});
export type InvoiceEntityCreate = z.infer<typeof invoiceEntityCreateSchema>;

/**
 * PATCH /admin/clients/{id} (the entity form): SIRET (or the SIREN the entity was created with); `credits` only with the credits password,
 * which the server checks again (the lock is not only on the screen).
 */
export const invoiceEntityPatchSchema = z.object({
  formejuridique: legalForm,
  raisonsociale: required(invoiceEntityMessages.companyNameRequired),
  siret: companyNumber(invoiceEntityMessages.siretInvalid, invoiceEntityMessages.siretInvalid),
  promoter: objectId(invoiceEntityMessages.promoterRequiredOnEdit),
  ...addressFields,
  credits: z.number().int().min(0).max(10_000_000).optional(),
  creditsPassword: z.string().max(200).optional(),
});
export type InvoiceEntityPatch = z.infer<typeof invoiceEntityPatchSchema>;

export const creditsUnlockSchema = z.object({ password: z.string().max(200) });

export const invoiceEntitySchema = z.object({
  _id: z.string(),
  formejuridique: z.string(),
  raisonsociale: z.string(),
  siret: z.string(),
  adressenumero: z.string(),
  adresserue: z.string(),
  adressecodepostal: z.string(),
  adresseville: z.string(),
  adressepays: z.string(),
  promoter: z.string(),
  credits: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceEntity = z.infer<typeof invoiceEntitySchema>;

/** GET /plannings-invoice: entity id → its plannings and the appointments used (booked visits). */
export const planningsInvoiceSchema = z.record(z.string(), z.object({ plannings: z.number(), used: z.number() }));
export type PlanningsInvoice = z.infer<typeof planningsInvoiceSchema>;
