import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OperationStarted } from '../../../../shared/domain/operation';
import { ApiError } from '../../api/api-error';
import { clientKeys, importResultSchema } from '../../api/client-queries';
import { useOperationStart } from '../../api/operation-queries';
import { programKeys } from '../../api/program-queries';
import { OperationProgress } from '../../components/operations/operation-progress';
import { ImportErrors } from './import-errors';
import { ImportResultAlert } from './import-result-alert';
import { clientFileScreenMessages } from '../../../../shared/messages/lot-pages';

/**
 * A client import followed on the lots page (docs/architecture.md « Client import »): started with
 * one idempotency key per click, its progress found again after a reload (`scope`), and the lot
 * list and received files read again once it ends.
 */
export function useClientImport(programId: string, scope: string, send: (idempotencyKey: string) => Promise<OperationStarted>) {
  const queryClient = useQueryClient();
  const followed = useOperationStart({ scope, send });
  const ended = followed.operation && followed.operation.status !== 'running' ? followed.operation.id : undefined;
  useEffect(() => {
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
    void queryClient.invalidateQueries({ queryKey: clientKeys.files(programId) });
  }, [ended, programId, queryClient]);
  return followed;
}

export type ClientImport = ReturnType<typeof useClientImport>;

/**
 * Where the import stands: the request on its way or sent again after a lost answer, then
 * « Import des lots » with « 4 500 / 10 000 », then the same result as a finished import always
 * showed (lots created and updated, warnings) or the refusal with its cell errors.
 */
export function ClientImportProgress({ clientImport }: { clientImport: ClientImport }) {
  const { operation, phase, error, dismiss } = clientImport;
  if (operation?.status === 'done') {
    const result = importResultSchema.safeParse(operation.result);
    if (result.success) return <ImportResultAlert result={result.data} onDismiss={dismiss} />;
  }
  if (operation?.status === 'failed' && operation.error)
    return <ImportErrors error={new ApiError(400, operation.error.message, operation.error)} onDismiss={dismiss} />;
  if (phase === 'idle' && error) return <ImportErrors error={error} onDismiss={dismiss} />;
  return (
    <OperationProgress
      title={clientFileScreenMessages.importing}
      phase={phase}
      operation={operation}
      error={error}
      resultText={() => null}
      onDismiss={dismiss}
    />
  );
}
