import Alert from '@cloudscape-design/components/alert';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { ReactNode } from 'react';
import { operationMessages } from '../../../../shared/messages/operations';
import { errorMessage } from '../../api/api-error';
import type { OperationPhase, OperationView } from '../../api/operation-queries';
import { progressText } from '../../api/operation-start';
import { operationEndHeader } from './operation-end-header';

export interface OperationProgressProps {
  /** What the operation does, as the screen names it (« Import des lots »). */
  title: string;
  phase: OperationPhase;
  operation: OperationView | undefined;
  /** The starting request's own refusal (a 400, a 403), when it never started. */
  error?: unknown;
  /** What a finished operation produced, in words (« 10 000 lots créés »). */
  resultText: (result: Record<string, unknown>) => ReactNode;
  /** What a failed operation's details add (a file's cell errors). */
  failureDetails?: (details: unknown) => ReactNode;
  onDismiss: () => void;
}

/**
 * Where a long operation stands (docs/architecture.md « Work that grows with a program »): the
 * request on its way, « L'opération continue… » after a lost answer, the progress with its step,
 * then the result or the reason it failed. Nothing is shown while there is nothing to follow.
 */
export function OperationProgress({ title, phase, operation, error, resultText, failureDetails, onDismiss }: OperationProgressProps) {
  if (phase === 'sending') return <ProgressBar label={title} description={operationMessages.sending} status="in-progress" value={0} />;
  if (phase === 'continuing')
    return (
      <Alert type="info" header={title} statusIconAriaLabel={operationMessages.iconInfo}>
        {operationMessages.retrying}
      </Alert>
    );
  if (phase === 'idle' && error)
    return (
      <Alert type="error" header={title} dismissible onDismiss={onDismiss} statusIconAriaLabel={operationMessages.iconError}>
        {errorMessage(error)}
      </Alert>
    );
  if (!operation) return null;
  if (operation.status === 'running') {
    const { done, total } = operation.progress;
    return (
      <ProgressBar
        label={title}
        description={operation.step ?? operationMessages.statusRunning}
        value={total > 0 ? Math.min(100, Math.round((100 * done) / total)) : 0}
        additionalInfo={progressText(operation.progress)}
        status="in-progress"
      />
    );
  }
  if (operation.status === 'done')
    return (
      <Alert type="success" header={operationEndHeader(title, 'done')} dismissible onDismiss={onDismiss} statusIconAriaLabel={operationMessages.iconSuccess}>
        {resultText(operation.result ?? {})}
      </Alert>
    );
  return (
    <Alert type="error" header={operationEndHeader(title, 'failed')} dismissible onDismiss={onDismiss} statusIconAriaLabel={operationMessages.iconError}>
      {operation.error?.message}
      {operation.error?.details !== undefined && failureDetails?.(operation.error.details)}
    </Alert>
  );
}
