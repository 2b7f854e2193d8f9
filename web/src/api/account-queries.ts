import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authResponseSchema, profileSchema, type LoginRequest, type Profile, type ProfilePatch, type RegisterRequest } from '../../../shared/domain/account';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

const messageSchema = z.object({ message: z.string() });

const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  avatar: (userId: string) => [...accountKeys.all, 'avatar', userId] as const,
};

export const accountQueries = {
  /** GET /users/me: the signed-in user's profile. */
  me: () => queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => apiRequest('/users/me', { schema: profileSchema, signal }) }),
  /** GET /users/{id}/avatar: the picture, or null when there is none (404: show initials). */
  avatar: (userId: string) =>
    queryOptions({
      queryKey: accountKeys.avatar(userId),
      queryFn: async ({ signal }) => {
        try {
          return await apiRequest<Blob>(`/users/${encodeURIComponent(userId)}/avatar`, { responseType: 'blob', signal });
        } catch (error) {
          if (isApiError(error, 404)) return null;
          throw error;
        }
      },
      staleTime: 5 * 60_000,
    }),
};

/** POST /users/login {email, password, remember} → {token, user}. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest('/users/login', { method: 'POST', body, auth: false, schema: authResponseSchema, repeatable: true }),
  });
}

/** POST /user: account creation → {token, user}. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiRequest('/user', { method: 'POST', body, auth: false, schema: authResponseSchema }),
  });
}

/** POST /users/logout with the bearer token (the token is revoked on the server). */
export function useLogoutMutation() {
  return useMutation({ mutationFn: () => apiRequest('/users/logout', { method: 'POST' }) });
}

/** POST /user/forgot {email}: always the same answer whether the account exists or not. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: { email: string }) => apiRequest('/user/forgot', { method: 'POST', body, auth: false, schema: messageSchema }),
  });
}

/** POST /user/reset {email, token, newPassword}. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { email: string; token: string; newPassword: string }) =>
      apiRequest('/user/reset', { method: 'POST', body, auth: false, schema: messageSchema }),
  });
}

/** POST /user/verify-email {email, token}: the e-mail confirmation link (part 1 §2 buyer area). */
export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; token: string }) => apiRequest('/user/verify-email', { method: 'POST', body, auth: false, schema: messageSchema }),
    // A signed-in buyer's profile and housings change with the confirmation.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** POST /users/me/verify-email: a new confirmation link for the signed-in buyer. */
export function useResendEmailVerificationMutation() {
  return useMutation({ mutationFn: () => apiRequest('/users/me/verify-email', { method: 'POST', schema: messageSchema }) });
}

/** PATCH /users/me → the updated profile, written into the cache. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfilePatch) => apiRequest('/users/me', { method: 'PATCH', body, schema: profileSchema }),
    onSuccess: (profile: Profile) => queryClient.setQueryData(accountKeys.me(), profile),
  });
}

/** POST /users/me/avatar, multipart field `avatar`. */
export function useUploadAvatarMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return apiRequest('/users/me/avatar', { method: 'POST', body: form, schema: messageSchema });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.avatar(userId) });
      await queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}
