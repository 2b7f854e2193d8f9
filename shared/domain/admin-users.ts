import { z } from 'zod';
import { genderSchema, passwordSchema } from './account';
import { roleSchema } from './roles';
import { typedString } from './typed-string';
import { messages } from '../messages/common';
import { objectIdSchema } from './ids';
import { adminUserMessages } from '../messages/admin';

/** Roles an administrator may give (every role but the anonymous visitor). */
export const assignableRoles = ['administrator', 'promoter', 'amo', 'moderator', 'customer'] as const;

const requiredText = (max = 120) => typedString(messages.required).trim().min(1, messages.required).max(max);
const adminEmail = typedString(adminUserMessages.emailNotValid)
  .trim()
  .toLowerCase()
  .max(254, adminUserMessages.emailNotValid)
  .pipe(z.email(adminUserMessages.emailNotValid));
const objectId = objectIdSchema();

/**
 * POST /user with an administrator's token: the create-user modal (part 3 §2, §5, §7). The modal
 * fills `password` with a generated 10-character password by default.
 */
export const adminCreateUserSchema = z.object({
  gender: genderSchema.optional(),
  firstname: requiredText(),
  lastname: requiredText(),
  enterprise: requiredText(),
  username: requiredText(60),
  email: adminEmail,
  password: passwordSchema,
  role: z.enum(assignableRoles, { error: messages.roleRequired }),
  invoiceEntity: objectId.optional(),
  sendEmailCredentials: z.boolean().optional(),
  createDefaultTemplates: z.boolean().optional(),
});
export type AdminCreateUser = z.infer<typeof adminCreateUserSchema>;

/** PATCH /admin/users/{id}: the edited fields; the e-mail is required when sent (part 3 §5). */
export const adminUserPatchSchema = z.object({
  gender: genderSchema.optional(),
  firstname: requiredText().optional(),
  lastname: requiredText().optional(),
  enterprise: z.string().trim().max(120).optional(),
  username: requiredText(60).optional(),
  email: adminEmail.optional(),
  role: z.enum(assignableRoles).optional(),
  invoiceEntity: z.union([objectId, z.literal('')]).optional(),
  adresse: z.string().trim().max(200).optional(),
  codepostal: z.string().trim().max(20).optional(),
  ville: z.string().trim().max(120).optional(),
  telephone: z.string().trim().max(30).optional(),
});
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** One row of the accounts table and the profile of the detail page. */
export const adminUserSchema = z.object({
  _id: z.string(),
  gender: genderSchema.optional(),
  firstname: z.string(),
  lastname: z.string(),
  enterprise: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  invoiceEntity: z.string().optional(),
  adresse: z.string().optional(),
  codepostal: z.string().optional(),
  ville: z.string().optional(),
  telephone: z.string().optional(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The filters of GET /admin/users (`filters` is JSON in the query string, part 3 §7). */
const userListFiltersSchema = z.object({
  role: roleSchema.optional(),
  /** Start of the last name, any case. */
  lastname: z.string().trim().max(120).optional(),
  /** Words found in the e-mail, first and last name or username, any order, case and accents (shared/rules/user-search.ts). */
  search: z.string().trim().max(120).optional(),
});

/** The columns of the accounts table, each sortable (part 3 §2 Users: 'filters and sorting'). */
const userSortFields = ['lastname', 'firstname', 'email', 'enterprise', 'role'] as const;
export type UserSortField = (typeof userSortFields)[number];

/**
 * GET /admin/users?page&limit&filters&sortField&sortOrder: sorted by any column of the table, both
 * orders (last name is the index's own order).
 */
export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  filters: z
    .string()
    .max(500)
    .optional()
    .transform((text, context) => {
      if (!text) return {};
      try {
        return userListFiltersSchema.parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: adminUserMessages.paginationFailed });
        return z.NEVER;
      }
    }),
  sortField: z.enum(userSortFields).default('lastname'),
  sortOrder: z.enum(['ascend', 'descend', 'asc', 'desc']).default('ascend'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number() });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** A housing on the user detail page (part 3 §2): program (promotername, name), lotcomm, typologie. */
export const housingSchema = z.object({
  program: z.object({ _id: z.string(), name: z.string(), promotername: z.string() }),
  lotcomm: z.string(),
  typologie: z.string(),
});
export type Housing = z.infer<typeof housingSchema>;

/** Generates the create-user modal's default password: 10 characters (part 3 §9), no look-alikes. */
export function generatePassword(random: (max: number) => number, length = 10): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
}
