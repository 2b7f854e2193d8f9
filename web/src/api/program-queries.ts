import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { amoSummarySchema } from '../../../shared/domain/account';
import { programSchema, type Program, type ProgramCreate, type ProgramSettings } from '../../../shared/domain/program';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

export type { Program };

const programListSchema = z.array(programSchema);
/** GET /programs/{id}: the program and its number of lots; its lots are the pages of lot-queries.ts (docs/architecture.md « Bounded answers »). */
const programDetailSchema = programSchema.extend({ lotCount: z.number().int() });
export type ProgramDetail = z.infer<typeof programDetailSchema>;

const messageSchema = z.object({ message: z.string() });
const settingsAnswerSchema = z.object({ message: z.string(), program: programSchema });

export interface ProgramListFilters {
  isActifSelected: boolean;
  isArchivedSelected: boolean;
}

export type ProgramListScope = 'admin' | 'mine';

export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (scope: ProgramListScope, filters: ProgramListFilters) => [...programKeys.lists(), scope, filters] as const,
  detail: (id: string) => [...programKeys.all, 'detail', id] as const,
  logo: (id: string) => [...programKeys.all, 'logo', id] as const,
  amos: () => ['amos'] as const,
};

export const programQueries = {
  /** GET /admin/programs (administrator) or GET /users/me/programs, with the Actifs/Archivés filters (part 3 §4). */
  list: (scope: ProgramListScope, filters: ProgramListFilters) =>
    queryOptions({
      queryKey: programKeys.list(scope, filters),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({
          isActifSelected: String(filters.isActifSelected),
          isArchivedSelected: String(filters.isArchivedSelected),
        });
        const path = scope === 'admin' ? '/admin/programs' : '/users/me/programs';
        return apiRequest(`${path}?${params.toString()}`, { schema: programListSchema, signal });
      },
    }),
  /** GET /programs/{id}: 404 "Le projet demandé n'existe pas.", 403 without access. */
  detail: (id: string) =>
    queryOptions({
      queryKey: programKeys.detail(id),
      queryFn: ({ signal }) => apiRequest(`/programs/${encodeURIComponent(id)}`, { schema: programDetailSchema, signal }),
      retry: false,
    }),
  /** GET /programs/{id}/avatar: the logo, or null when there is none. */
  logo: (id: string) =>
    queryOptions({
      queryKey: programKeys.logo(id),
      queryFn: async ({ signal }) => {
        try {
          return await apiRequest<Blob>(`/programs/${encodeURIComponent(id)}/avatar`, { responseType: 'blob', signal });
        } catch (error) {
          if (isApiError(error, 404)) return null;
          throw error;
        }
      },
      staleTime: 5 * 60_000,
    }),
  /** GET /users/amos: every AMO account (the transfer list of the program settings). */
  amos: () =>
    queryOptions({
      queryKey: programKeys.amos(),
      queryFn: ({ signal }) => apiRequest('/users/amos', { schema: z.array(amoSummarySchema), signal }),
      staleTime: 5 * 60_000,
    }),
};

function logoForm(file: File, colors?: string[]): FormData {
  const form = new FormData();
  form.append('avatar', file);
  if (colors) form.append('colors', JSON.stringify(colors));
  return form;
}

/** The logo step of a creation failed after the program itself was created. */
export class ProgramLogoError extends Error {
  override readonly name = 'ProgramLogoError';
  constructor(
    readonly program: Program,
    options?: ErrorOptions,
  ) {
    super('logo upload failed', options);
  }
}

/** POST /program/create, then the optional logo (POST /programs/{id}/avatar with the colours). */
export function useCreateProgramMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ program, logo }: { program: ProgramCreate; logo: File | null }) => {
      const created = await apiRequest('/program/create', { method: 'POST', body: program, schema: programSchema });
      if (logo) {
        try {
          await apiRequest(`/programs/${created._id}/avatar`, { method: 'POST', body: logoForm(logo, program.colors), schema: messageSchema });
        } catch (cause) {
          throw new ProgramLogoError(created, { cause });
        }
      }
      return created;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
  });
}

/** DELETE /programs/{id} (administrators) → {message: 'Programme supprimé !'}. */
export function useDeleteProgramMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/programs/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
  });
}

/** PATCH /programs/{id}: settings fields or {authorized}; the saved program replaces the cached one. */
export function useUpdateProgramMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProgramSettings) => apiRequest(`/programs/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: settingsAnswerSchema }),
    onSuccess: ({ program }) => {
      queryClient.setQueryData(programKeys.detail(id), (current: ProgramDetail | undefined) => (current ? { ...current, ...program } : current));
      void queryClient.invalidateQueries({ queryKey: programKeys.lists() });
    },
  });
}

/** POST /programs/{id}/avatar → {message: 'Logo envoyé avec succès'}. */
export function useUploadProgramLogoMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, colors }: { file: File; colors?: string[] }) =>
      apiRequest(`/programs/${encodeURIComponent(id)}/avatar`, { method: 'POST', body: logoForm(file, colors), schema: messageSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programKeys.logo(id) });
      await queryClient.invalidateQueries({ queryKey: programKeys.detail(id) });
    },
  });
}
