import { z } from 'zod';

/** The six roles of part 1 §6, with their French labels. */
export const roleSchema = z.enum(['administrator', 'promoter', 'amo', 'moderator', 'customer', 'anonymousUser']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  administrator: 'Administrateur',
  promoter: 'Promoteur',
  amo: 'AMO',
  moderator: 'Modérateur',
  customer: 'Acquéreur',
  anonymousUser: 'Invité',
};

/** Roles a person may choose on /register (part 1 §2: "role select"). */
export const registrableRoles = ['promoter', 'amo', 'customer'] as const satisfies readonly Role[];

export const staffRoles = ['administrator', 'promoter', 'amo'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export function isStaff(role: Role): role is StaffRole {
  return (staffRoles as readonly Role[]).includes(role);
}
