import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authResponseSchema } from '../../../shared/domain/account';
import {
  adminUserSchema,
  housingSchema,
  userListResponseSchema,
  type AdminCreateUser,
  type AdminUserPatch,
  type UserSortField,
} from '../../../shared/domain/admin-users';
import { auditLogPageSchema } from '../../../shared/domain/audit-log';
import { invoiceEntitySchema, planningsInvoiceSchema, type InvoiceEntityCreate, type InvoiceEntityPatch } from '../../../shared/domain/invoice-entity';
import type { Role } from '../../../shared/domain/roles';
import { apiRequest } from './api-client';
import { programPermissionRowSchema, userPermissionRowSchema } from '../../../shared/domain/permissions';

const messageSchema = z.object({ message: z.string() });
export { type ProgramPermissionRow, type UserPermissionRow } from '../../../shared/domain/permissions';
const entityRowSchema = invoiceEntitySchema.pick({
  _id: true,
  raisonsociale: true,
  formejuridique: true,
  siret: true,
  adresseville: true,
  promoter: true,
  credits: true,
});
export type EntityRow = z.infer<typeof entityRowSchema>;
const billingPlanningSchema = z.object({
  _id: z.string(),
  name: z.string(),
  program: z.string(),
  projectName: z.string(),
  promoter: z.string(),
  phase: z.string(),
  phaseLabel: z.string(),
  participants: z.number(),
  planningStartTime: z.string(),
  invoiceEntity: z.string().optional(),
});
export type BillingPlanning = z.infer<typeof billingPlanningSchema>;
const businessUserSchema = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), enterprise: z.string(), email: z.string() });

export interface UserListParams {
  page: number;
  limit: number;
  role?: Role;
  /** E-mail, first and last name in any order (shared/rules/user-search.ts). */
  search?: string;
  sortField: UserSortField;
  sortOrder: 'ascend' | 'descend';
}

const adminKeys = {
  users: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  entities: ['admin', 'entities'] as const,
  entity: (id: string) => ['admin', 'entities', id] as const,
  programPermissions: ['admin', 'permissions', 'programs'] as const,
  userPermissions: ['admin', 'permissions', 'users'] as const,
  plannings: ['admin', 'plannings'] as const,
  invoice: ['admin', 'plannings-invoice'] as const,
  business: ['admin', 'business'] as const,
  auditLog: ['admin', 'audit-log'] as const,
};

export const adminQueries = {
  /** GET /admin/users?page&limit&filters&sortField&sortOrder (part 3 §7). */
  users: (params: UserListParams) =>
    queryOptions({
      queryKey: [...adminKeys.users, 'list', params],
      queryFn: ({ signal }) => {
        const filters = { ...(params.role ? { role: params.role } : {}), ...(params.search ? { search: params.search } : {}) };
        const query = new URLSearchParams({
          page: String(params.page),
          limit: String(params.limit),
          filters: JSON.stringify(filters),
          sortField: params.sortField,
          sortOrder: params.sortOrder,
        });
        return apiRequest(`/admin/users?${query.toString()}`, { schema: userListResponseSchema, signal });
      },
      placeholderData: keepPreviousData,
    }),
  user: (id: string) =>
    queryOptions({
      queryKey: adminKeys.user(id),
      queryFn: ({ signal }) => apiRequest(`/admin/users/${id}`, { schema: z.object({ user: adminUserSchema, housings: z.array(housingSchema) }), signal }),
    }),
  business: () =>
    queryOptions({
      queryKey: adminKeys.business,
      queryFn: ({ signal }) => apiRequest('/admin/users/business', { schema: z.array(businessUserSchema), signal }),
    }),
  entities: () =>
    queryOptions({ queryKey: adminKeys.entities, queryFn: ({ signal }) => apiRequest('/admin/clients', { schema: z.array(entityRowSchema), signal }) }),
  entity: (id: string) =>
    queryOptions({ queryKey: adminKeys.entity(id), queryFn: ({ signal }) => apiRequest(`/admin/clients/${id}`, { schema: invoiceEntitySchema, signal }) }),
  programPermissions: () =>
    queryOptions({
      queryKey: adminKeys.programPermissions,
      queryFn: ({ signal }) => apiRequest('/admin/permissions/programs', { schema: z.array(programPermissionRowSchema), signal }),
    }),
  userPermissions: () =>
    queryOptions({
      queryKey: adminKeys.userPermissions,
      queryFn: ({ signal }) => apiRequest('/admin/permissions/users', { schema: z.array(userPermissionRowSchema), signal }),
    }),
  plannings: () =>
    queryOptions({
      queryKey: adminKeys.plannings,
      queryFn: ({ signal }) => apiRequest('/plannings', { schema: z.object({ plannings: z.array(billingPlanningSchema) }), signal }),
    }),
  /** GET /admin/audit-log?limit&cursor: one page of the audit log, newest first (part 3 §4). */
  auditLog: (limit: number, cursor?: string) =>
    queryOptions({
      queryKey: [...adminKeys.auditLog, limit, cursor ?? ''],
      queryFn: ({ signal }) =>
        apiRequest(`/admin/audit-log?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) }).toString()}`, {
          schema: auditLogPageSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** GET /plannings-invoice: each entity's used counter (part 3 §3). */
  invoice: () =>
    queryOptions({ queryKey: adminKeys.invoice, queryFn: ({ signal }) => apiRequest('/plannings-invoice', { schema: planningsInvoiceSchema, signal }) }),
};

/** A mutation that refreshes the given tables after success (part 3 §7 'A successful permission save or entity change refreshes the table'). */
function useAdminMutation<V, R>(run: (variables: V) => Promise<R>, refresh: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateUserMutation = () =>
  useAdminMutation(
    (body: AdminCreateUser) => apiRequest('/user', { method: 'POST', body, schema: z.object({ message: z.string(), user: adminUserSchema }) }),
    [adminKeys.users],
  );
export const useUpdateUserMutation = (id: string) =>
  useAdminMutation(
    (body: AdminUserPatch) => apiRequest(`/admin/users/${id}`, { method: 'PATCH', body, schema: z.object({ message: z.string(), user: adminUserSchema }) }),
    [adminKeys.users],
  );
export const useDeleteUserMutation = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/users/${id}`, { method: 'DELETE', schema: messageSchema }), [adminKeys.users]);
export const useSimulateMutation = () => useMutation({ mutationFn: (id: string) => apiRequest(`/admin/simulate/${id}`, { schema: authResponseSchema }) });
export const useProgramPermissionsMutation = () =>
  useAdminMutation(
    ({ id, authorized }: { id: string; authorized: string[] }) =>
      apiRequest(`/admin/permissions/programs/${id}`, { method: 'PATCH', body: { authorized }, schema: messageSchema.passthrough() }),
    [adminKeys.programPermissions, adminKeys.userPermissions],
  );
export const useUserPermissionsMutation = () =>
  useAdminMutation(
    ({ id, authorized }: { id: string; authorized: string[] }) =>
      apiRequest(`/admin/permissions/users/${id}`, { method: 'PATCH', body: { authorized }, schema: messageSchema }),
    [adminKeys.programPermissions, adminKeys.userPermissions],
  );
export const useCreateEntityMutation = () =>
  useAdminMutation(
    (body: InvoiceEntityCreate) =>
      apiRequest('/admin/client', { method: 'POST', body, schema: z.object({ message: z.string(), entity: invoiceEntitySchema }) }),
    [adminKeys.entities],
  );
export const useUpdateEntityMutation = (id: string) =>
  useAdminMutation(
    (body: InvoiceEntityPatch) =>
      apiRequest(`/admin/clients/${id}`, { method: 'PATCH', body, schema: z.object({ message: z.string(), entity: invoiceEntitySchema }) }),
    [adminKeys.entities, adminKeys.entity(id)],
  );
export const useDeleteEntityMutation = () =>
  useAdminMutation((id: string) => apiRequest(`/admin/clients/${id}`, { method: 'DELETE', schema: messageSchema }), [adminKeys.entities]);
export const useUnlockCreditsMutation = (id: string) =>
  useMutation({
    mutationFn: (password: string) => apiRequest(`/admin/clients/${id}/credits-unlock`, { method: 'POST', body: { password }, schema: messageSchema }),
  });
export const usePlanningEntityMutation = () =>
  useAdminMutation(
    ({ id, invoiceEntity }: { id: string; invoiceEntity: string }) => apiRequest(`/rdv/${id}`, { method: 'PATCH', body: { invoiceEntity } }),
    [adminKeys.plannings, adminKeys.invoice],
  );
