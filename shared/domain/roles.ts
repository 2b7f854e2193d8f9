import { z } from 'zod';
import { roleNames } from '../messages/roles';

/** The six roles of part 1 §6, with their French labels. */
export const roleSchema = z.enum(['administrator', 'promoter', 'amo', 'moderator', 'customer', 'anonymousUser']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = roleNames;

/**
 * Roles the /register select offers (part 1 §2: "role select") and POST /user accepts. Only
 * `selfRegistrableRoles` may be chosen by the person registering; staff accounts are created by an
 * administrator (POST /user with an administrator's token, part 3 §7), part 1 §6.
 */
export const registrableRoles = ['promoter', 'amo', 'customer'] as const satisfies readonly Role[];
const selfRegistrableRoles = ['customer'] as const satisfies readonly (typeof registrableRoles)[number][];

export function isSelfRegistrable(role: Role): boolean {
  return (selfRegistrableRoles as readonly Role[]).includes(role);
}

export const staffRoles = ['administrator', 'promoter', 'amo'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export function isStaff(role: Role): role is StaffRole {
  return (staffRoles as readonly Role[]).includes(role);
}
