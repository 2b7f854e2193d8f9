import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { operationViewSchema, type OperationStarted, type OperationView } from '../../../shared/domain/operation';
import { apiRequest } from './api-client';
import { isAnswerLost, isApiError } from './api-error';
import { forgetOperation, maxStartRetries, newIdempotencyKey, rememberOperation, rememberedOperation, retryDelayMs } from './operation-start';

export type { OperationView };

const operationKeys = {
  detail: (id: string) => ['operations', id] as const,
};

const operationQueries = {
  /** GET /operations/{id}: read every second while the operation runs, then no more. */
  detail: (id: string) =>
    queryOptions({
      queryKey: operationKeys.detail(id),
      queryFn: ({ signal }) => apiRequest(`/operations/${encodeURIComponent(id)}`, { schema: operationViewSchema, signal }),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? 1_000 : false),
      retry: (count, error) => count < 3 && !isApiError(error, 404) && !isApiError(error, 403),
    }),
};

/**
 * Where a started operation stands for its screen: `sending` the request, `continuing` after a
 * lost answer (the same request sent again with the same key: it never runs twice), then
 * `following` the operation until `done` or `failed`.
 */
export type OperationPhase = 'idle' | 'sending' | 'continuing' | 'following' | 'done' | 'failed';

export interface OperationStartOptions {
  /** Where the operation is followed (`client-import:<programId>`): a reload of that screen finds it. */
  scope: string;
  /** The starting request, given its idempotency key; answers the 202 `{message, operation}`. */
  send: (idempotencyKey: string) => Promise<OperationStarted>;
}

/**
 * Starts an operation and follows it (docs/architecture.md « Work that grows with a program »).
 * A 503 or a network error is not a failure: the request may have been received, so it is sent
 * again with the same key (the server answers the operation it started) and the screen says
 * « L'opération continue… » meanwhile.
 */
export function useOperationStart({ scope, send }: OperationStartOptions) {
  const queryClient = useQueryClient();
  const [operationId, setOperationId] = useState(() => rememberedOperation(scope));
  const [sending, setSending] = useState<'sending' | 'continuing' | undefined>();
  const [error, setError] = useState<unknown>();
  const followed = useQuery({ ...operationQueries.detail(operationId ?? ''), enabled: !!operationId });

  useEffect(() => setOperationId(rememberedOperation(scope)), [scope]);
  // A remembered operation that is gone (expired, another account's) is forgotten.
  useEffect(() => {
    if (operationId && (isApiError(followed.error, 404) || isApiError(followed.error, 403))) {
      forgetOperation(scope);
      setOperationId(undefined);
    }
  }, [followed.error, operationId, scope]);

  const start = useCallback(async (): Promise<OperationStarted | undefined> => {
    const key = newIdempotencyKey();
    setError(undefined);
    setSending('sending');
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await send(key);
        queryClient.setQueryData(operationKeys.detail(answer.operation.id), answer.operation);
        rememberOperation(scope, answer.operation.id);
        setOperationId(answer.operation.id);
        setSending(undefined);
        return answer;
      } catch (caught) {
        if (isAnswerLost(caught) && attempt < maxStartRetries) {
          setSending('continuing');
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
          continue;
        }
        setSending(undefined);
        setError(caught);
        return undefined;
      }
    }
  }, [queryClient, scope, send]);

  const dismiss = useCallback(() => {
    forgetOperation(scope);
    setOperationId(undefined);
    setError(undefined);
  }, [scope]);

  const operation = operationId ? followed.data : undefined;
  const phase: OperationPhase = sending ?? (operation ? (operation.status === 'running' ? 'following' : operation.status) : 'idle');
  return { start, operation, phase, error, dismiss };
}
