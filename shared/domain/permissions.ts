import { z } from 'zod';
import { roleSchema } from './roles';

const person = z.object({ _id: z.string(), name: z.string() });

/** A row of /admin/permissions/programs (part 3 §3 'Program permission row'). */
export const programPermissionRowSchema = z.object({ _id: z.string(), name: z.string(), owner: person, authorized: z.array(person) });
export type ProgramPermissionRow = z.infer<typeof programPermissionRowSchema>;

/** A row of /admin/permissions/users: an account holding program permissions, the programs it owns and those it is authorized on. */
export const userPermissionRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  authorized: z.array(person),
  owned: z.array(person),
});
export type UserPermissionRow = z.infer<typeof userPermissionRowSchema>;
