import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { faqSchema, postSchema, staffDocumentPageSchema, type Faq, type ProgramPost } from '../../../shared/domain/buyer-area';
import { apiRequest } from './api-client';
import { uploadAttachments } from './buyer-area-queries';
import { sendToUploadTarget, uploadTargetSchema } from './client-queries';

const id = encodeURIComponent;

/** The staff side of a program's buyer area (part 1 §2 buyer area): what staff post and share with its buyers. */
const programAreaKeys = {
  all: (programId: string) => ['program-area', programId] as const,
  posts: (programId: string, kind: ProgramPost['kind']) => ['program-area', programId, 'posts', kind] as const,
  documents: (programId: string) => ['program-area', programId, 'documents'] as const,
  faq: (programId: string) => ['program-area', programId, 'faq'] as const,
};

export const programAreaQueries = {
  /** GET /projets/{id}/posts?kind=: news (actualite) or site progress (chantier), newest first. */
  posts: (programId: string, kind: ProgramPost['kind']) =>
    queryOptions({
      queryKey: programAreaKeys.posts(programId, kind),
      queryFn: async ({ signal }) =>
        (await apiRequest(`/projets/${id(programId)}/posts?kind=${kind}`, { schema: z.object({ posts: z.array(postSchema) }), signal })).posts,
    }),
  /**
   * GET /projets/{id}/documents: the documents newest first, with the housing each is shared with,
   * a page at a time (docs/architecture.md « Bounded answers »).
   */
  documents: (programId: string) =>
    infiniteQueryOptions({
      queryKey: programAreaKeys.documents(programId),
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(`/projets/${id(programId)}/documents${pageParam ? `?cursor=${id(pageParam)}` : ''}`, { schema: staffDocumentPageSchema, signal }),
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** GET /projets/{id}/faq. */
  faq: (programId: string) =>
    queryOptions({
      queryKey: programAreaKeys.faq(programId),
      queryFn: ({ signal }) => apiRequest(`/projets/${id(programId)}/faq`, { schema: faqSchema, signal }),
    }),
};

/** POST /projets/{id}/files for each image, then POST /projets/{id}/posts. */
export function usePublishPostMutation(programId: string, kind: ProgramPost['kind']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: { title: string; body: string; images: File[] }) =>
      apiRequest(`/projets/${id(programId)}/posts`, {
        method: 'POST',
        body: { kind, title: draft.title, body: draft.body, images: await uploadAttachments(`/projets/${id(programId)}/files`, draft.images) },
        schema: z.object({ post: postSchema }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programAreaKeys.posts(programId, kind) }),
  });
}

/** A direct upload (POST /projets/{id}/documents/upload, PUT), then POST /projets/{id}/documents. */
export function useShareDocumentMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, housing }: { file: File; housing?: string }) => {
      const target = await apiRequest(`/projets/${id(programId)}/documents/upload`, { method: 'POST', body: { size: file.size }, schema: uploadTargetSchema });
      const { key, filename } = await sendToUploadTarget(target, file);
      return apiRequest(`/projets/${id(programId)}/documents`, {
        method: 'POST',
        body: { key, filename, ...(housing ? { housing } : {}) },
        schema: z.object({ document: z.object({ _id: z.string() }).loose() }),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programAreaKeys.documents(programId) }),
  });
}

/** DELETE /projets/{id}/documents/{documentId}. */
export function useDeleteDocumentMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiRequest(`/projets/${id(programId)}/documents/${id(documentId)}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programAreaKeys.documents(programId) }),
  });
}

/** PUT /projets/{id}/faq: the whole FAQ replaced. */
export function useSaveFaqMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faq: Faq) => apiRequest(`/projets/${id(programId)}/faq`, { method: 'PUT', body: faq, schema: faqSchema }),
    onSuccess: (faq) => queryClient.setQueryData(programAreaKeys.faq(programId), faq),
  });
}
