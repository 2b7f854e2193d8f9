import { z } from 'zod';
import { inputBounds } from './input-bounds';
import { inputMessages } from '../messages/input';
import { typedString } from './typed-string';
import { objectIdSchema } from './ids';
import { shortNoticeRuleSchema } from '../rules/short-notice';
import { programMessages } from '../messages/programs';
import { messages } from '../messages/common';

/** Default program colours; the first is the primary colour (part 3 §9). */
export { defaultProgramColors } from './program-colors';

const rgbColor = z
  .string()
  .trim()
  .max(40, programMessages.colorInvalid)
  .regex(/^(rgb\(\s*\d{1,3},\s*\d{1,3},\s*\d{1,3}\s*\)|#[0-9a-fA-F]{6})$/, programMessages.colorInvalid);

/** The `colors` field sent with a program's logo (POST /programs/{id}/avatar). */
export const programColorsSchema = z.array(rgbColor).min(1, programMessages.colorRequired).max(10);

/** Program as the API answers it (part 3 §3). */
export const programSchema = z.object({
  _id: z.string(),
  name: z.string(),
  promotername: z.string(),
  promoterUrl: z.string().optional(),
  adressenumero: z.string().optional(),
  adresserue: z.string().optional(),
  adressecodepostal: z.string().optional(),
  adresseville: z.string().optional(),
  adressepays: z.string().optional(),
  mailrespclient: z.string().optional(),
  colors: z.array(z.string()),
  hasAvatar: z.boolean(),
  isArchived: z.boolean(),
  authorized: z.array(z.string()),
  isClientFileSent: z.boolean(),
  invoiceEntity: z.string().optional(),
  owner: z.string(),
  createdAt: z.string(),
  lotCount: z.number().optional(),
  /** The convocation notice rule (docs/user-guide.md « Délai de convocation »); absent: the default (on for livraison, 15 days). */
  shortNoticeRule: shortNoticeRuleSchema.optional(),
});
export type Program = z.infer<typeof programSchema>;

/** POST /program/create (part 3 §5: name, promoter name and colour required). */
export const programCreateSchema = z.object({
  name: typedString(messages.nameRequired).trim().min(1, messages.nameRequired).max(120),
  promotername: typedString(programMessages.promoterRequired).trim().min(1, programMessages.promoterRequired).max(120),
  colors: programColorsSchema,
});
export type ProgramCreate = z.infer<typeof programCreateSchema>;

const optionalText = z.string().trim().max(200).optional();

/** PATCH /programs/{id}: settings fields (part 3 §5), or the authorized AMO list. */
export const programSettingsSchema = z.object({
  name: z.string().trim().min(1, messages.required).max(120).optional(),
  promoterUrl: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(500, programMessages.urlInvalid)
        .url(programMessages.urlInvalid)
        .refine((value) => /^https?:\/\//.test(value), programMessages.urlInvalid),
    ])
    .optional(),
  mailrespclient: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(programMessages.mailInvalid))])
    .optional(),
  adressenumero: z
    .string()
    .trim()
    .max(20, programMessages.streetNumberInvalid)
    .regex(/^\d+\s*(bis|ter|quater|[a-zA-Z])?$/, programMessages.streetNumberInvalid)
    .optional(),
  adresserue: z.string().trim().min(1, messages.required).max(200).optional(),
  adressecodepostal: z.string().trim().min(1, messages.required).max(20).optional(),
  adresseville: z.string().trim().min(1, messages.required).max(120).optional(),
  adressepays: optionalText,
  colors: z.array(rgbColor).min(1, messages.required).max(10).optional(),
  isArchived: z.boolean().optional(),
  isClientFileSent: z.boolean().optional(),
  authorized: z.array(objectIdSchema()).max(200).optional(),
  shortNoticeRule: shortNoticeRuleSchema.optional(),
});
export type ProgramSettings = z.infer<typeof programSettingsSchema>;

export function hasProgramAddress(program: Pick<Program, 'adresserue' | 'adressecodepostal' | 'adresseville'>): boolean {
  return !!(program.adresserue && program.adressecodepostal && program.adresseville);
}
