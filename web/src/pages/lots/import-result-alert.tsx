import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ImportResult } from '../../api/client-queries';
import { lotsLabel } from './client-file-config';
import { clientFileScreenMessages } from '../../../../shared/messages/lot-pages';

export interface ImportResultAlertProps {
  result: ImportResult;
  onDismiss: () => void;
}

/** The outcome of an import: lots created and updated, then the server's warnings (not blocking). */
export function ImportResultAlert({ result, onDismiss }: ImportResultAlertProps) {
  return (
    <SpaceBetween size="s">
      <Alert type="success" dismissible onDismiss={onDismiss} header={clientFileScreenMessages.done}>
        {clientFileScreenMessages.result(lotsLabel(result.created), result.created, lotsLabel(result.updated))}
      </Alert>
      {result.warnings.length > 0 && (
        <Alert type="warning" header="Avertissements">
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
    </SpaceBetween>
  );
}
