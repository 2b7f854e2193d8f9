import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { errorMessage, isApiError } from '../../api/api-error';
import { RouterLink } from '../../components/router-link';
import { programListMessages } from '../../../../shared/messages/program-pages';

export interface ProgramLoadErrorProps {
  error: unknown;
  onRetry: () => void;
}

/**
 * A program that could not be loaded: the server's text ('Le projet demandé n'existe pas.' for
 * 404, the permission message for 403), a retry for other failures.
 */
export function ProgramLoadError({ error, onRetry }: ProgramLoadErrorProps) {
  const final = isApiError(error, 404) || isApiError(error, 403);
  return (
    <Alert type="error" header={errorMessage(error)} action={final ? undefined : <Button onClick={onRetry}>{programListMessages.retry}</Button>}>
      <RouterLink href="/">{programListMessages.backToPrograms}</RouterLink>
    </Alert>
  );
}
