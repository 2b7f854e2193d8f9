import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { errorMessage, isApiError } from '../../api/api-error';
import { RouterLink } from '../../components/router-link';

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
    <Alert type="error" header={errorMessage(error)} action={final ? undefined : <Button onClick={onRetry}>Réessayer</Button>}>
      <RouterLink href="/">Retour à la liste des programmes</RouterLink>
    </Alert>
  );
}
