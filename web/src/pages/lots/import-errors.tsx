import Alert from '@cloudscape-design/components/alert';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ImportCellError } from '../../../../shared/rules/lot-import-validation';
import { errorMessage } from '../../api/api-error';
import { importCellErrors } from '../../api/client-queries';
import { clientFileScreenMessages } from '../../../../shared/messages/lot-pages';

export interface ImportErrorsProps {
  error: unknown;
  onDismiss?: () => void;
}

/**
 * A refused client file (part 2 §8): the server's message ('Problème lors de l'envoi du fichier',
 * the known e-mails…) and, when the server located them, every problem by row and column in
 * 'Détails de l'erreur'.
 */
export function ImportErrors({ error, onDismiss }: ImportErrorsProps) {
  const { cells, total } = importCellErrors(error);
  return (
    <Alert type="error" header={errorMessage(error)} dismissible={!!onDismiss} onDismiss={onDismiss}>
      {cells.length > 0 && (
        <ExpandableSection headerText={clientFileScreenMessages.errorDetails} defaultExpanded variant="footer">
          <SpaceBetween size="xs">
            <span>
              {clientFileScreenMessages.problems(total, cells.length)} {clientFileScreenMessages.correctAndReload}
            </span>
            <Table<ImportCellError>
              variant="embedded"
              items={cells}
              trackBy={(cell) => `${cell.row}-${cell.column}-${cell.message}`}
              ariaLabels={{ tableLabel: clientFileScreenMessages.errorDetails }}
              columnDefinitions={[
                { id: 'row', header: 'Ligne', cell: (cell) => (cell.row > 0 ? cell.row : '—') },
                { id: 'column', header: 'Colonne', cell: (cell) => cell.column || '—' },
                { id: 'message', header: 'Erreur', cell: (cell) => cell.message },
              ]}
            />
          </SpaceBetween>
        </ExpandableSection>
      )}
    </Alert>
  );
}
