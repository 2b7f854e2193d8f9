import { z } from 'zod';
import { messages } from '../messages/common';
import { inputBounds } from './input-bounds';
import { inputMessages } from '../messages/input';
import { isValidPhone } from '../rules/phone';
import { registrableRoles, roleSchema } from './roles';
import { typedString } from './typed-string';

export const genderSchema = z.enum(['Monsieur', 'Madame', 'Autre']);

const email = typedString(messages.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(inputBounds.emailLength, inputMessages.emailTooLong)
  .pipe(z.email(messages.emailInvalid));
const optionalPhone = z
  .string()
  .trim()
  .max(30, messages.phoneInvalid)
  .refine((value) => value === '' || isValidPhone(value), messages.phoneInvalid)
  .optional();
const optionalEmail = z
  .union([z.literal(''), z.string().trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(messages.emailInvalid))])
  .optional();

export const passwordSchema = typedString(messages.passwordTooShort).min(8, messages.passwordTooShort).max(200);

/** POST /users/login (part 1 §7). `remember` keeps the session for 30 days instead of 12 hours. */
export const loginRequestSchema = z.object({
  email,
  password: typedString(messages.passwordInvalid).min(1, messages.passwordInvalid).max(200),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: roleSchema,
  lastname: z.string(),
  firstname: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

const requiredText = (max = 120) => typedString(messages.required).trim().min(1, messages.required).max(max);

/** POST /user (part 1 §7, registration). */
export const registerRequestSchema = z.object({
  gender: genderSchema.optional(),
  firstname: requiredText(),
  lastname: requiredText(),
  enterprise: requiredText(),
  username: requiredText(60),
  email,
  password: passwordSchema,
  role: z.enum(registrableRoles, { error: messages.roleRequired }),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotRequestSchema = z.object({ email });

/** POST /user/reset (part 3 §7). */
export const resetRequestSchema = z.object({
  email,
  token: z.string().min(10).max(200),
  newPassword: passwordSchema,
});

/** POST /user/verify-email: the e-mail confirmation link's parameters (part 1 §2 buyer area). */
export const verifyEmailRequestSchema = z.object({ email, token: z.string().min(10, messages.emailLinkInvalid).max(200, messages.emailLinkInvalid) });

/** GET /users/me: the profile of the signed-in user. */
export const profileSchema = z.object({
  _id: z.string(),
  gender: genderSchema.optional(),
  firstname: z.string(),
  lastname: z.string(),
  enterprise: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  telephonemonsieur: z.string().optional(),
  telephonemadame: z.string().optional(),
  mailmonsieur: z.string().optional(),
  mailmadame: z.string().optional(),
  hasAvatar: z.boolean(),
  /** Whether the account proved its e-mail (part 1 §2 buyer area: a buyer's housings wait for it). */
  emailVerified: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /users/me. A password change needs the old password (part 1 §5); at least one phone is
 * required when phones are sent.
 */
// Strict: a key the account page does not edit (role, email…) is refused, never silently dropped.
export const profilePatchSchema = z
  .strictObject(
    {
      gender: genderSchema.optional(),
      firstname: z.string().trim().min(1, messages.required).max(120).optional(),
      lastname: z.string().trim().min(1, messages.required).max(120).optional(),
      enterprise: z.string().trim().max(120).optional(),
      username: z.string().trim().min(1, messages.required).max(60).optional(),
      telephonemonsieur: optionalPhone,
      telephonemadame: optionalPhone,
      mailmonsieur: optionalEmail,
      mailmadame: optionalEmail,
      newPassword: passwordSchema.optional(),
      oldPassword: z.string().max(200).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? messages.fieldNotEditable(issue.keys) : undefined) },
  )
  .refine((value) => !value.newPassword || !!value.oldPassword, {
    message: messages.oldPasswordRequired,
    path: ['oldPassword'],
  });
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** POST /users/amos {ids} → [{_id, firstname, lastname}] */
export const amoSummarySchema = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), hasAvatar: z.boolean() });
export type AmoSummary = z.infer<typeof amoSummarySchema>;
