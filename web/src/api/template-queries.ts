import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageTemplateSchema, type TemplateCreate, type TemplatePatch } from '../../../shared/domain/message-template';
import { apiRequest } from './api-client';

const templateViewSchema = messageTemplateSchema.extend({ isOwner: z.boolean() });
export type TemplateView = z.infer<typeof templateViewSchema>;
const templateAnswerSchema = z.object({ template: templateViewSchema, message: z.string() });

const templateKeys = { all: ['templates'] as const, mine: () => [...templateKeys.all, 'mine'] as const };

export const templateQueries = {
  /** GET /users/me/templates: the caller's templates and those shared with the caller (part 2 §7). */
  mine: () =>
    queryOptions({
      queryKey: templateKeys.mine(),
      queryFn: ({ signal }) =>
        apiRequest('/users/me/templates', { schema: z.object({ templates: z.array(templateViewSchema) }), signal }).then((answer) => answer.templates),
    }),
};

function useInvalidatingMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }) });
}

/** POST /users/me/template/create (part 1 §7). */
export function useCreateTemplateMutation() {
  return useInvalidatingMutation((body: TemplateCreate) => apiRequest('/users/me/template/create', { method: 'POST', body, schema: templateAnswerSchema }));
}

/** PATCH /templates/{id}: one text, or the authorized AMOs (part 3 §7). */
export function useUpdateTemplateMutation() {
  return useInvalidatingMutation(({ id, patch }: { id: string; patch: TemplatePatch }) =>
    apiRequest(`/templates/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: templateAnswerSchema }),
  );
}

/** DELETE /users/me/templates/{id} (part 3 §7). */
export function useDeleteTemplateMutation() {
  return useInvalidatingMutation((id: string) =>
    apiRequest(`/users/me/templates/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
  );
}
