import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { planningDeleteMessages } from '../../../../shared/messages/planning-list';
import type { DeletableRow } from './use-planning-deletion';

export interface DeletePlanningsModalProps {
  rows: DeletableRow[];
  /** 'force': the administrator's second confirmation after a 409 (part 2 §4 'Deleting a planning'). */
  mode: 'confirm' | 'force';
  /** The server's refusal, shown in the second confirmation. */
  reason?: string;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** Confirmation before plannings or drafts are deleted; a second one to force a refused deletion. */
export function DeletePlanningsModal({ rows, mode, reason, pending, onConfirm, onDismiss }: DeletePlanningsModalProps) {
  const force = mode === 'force';
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={force ? planningDeleteMessages.forceTitle : planningDeleteMessages.confirmTitle(rows.length)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              Annuler
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={pending} disabled={pending}>
              {force ? planningDeleteMessages.force : 'Supprimer'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        {force && (
          <Alert type="warning" header={reason}>
            {planningDeleteMessages.forceWarning}
          </Alert>
        )}
        <Box>{force ? planningDeleteMessages.forceList : planningDeleteMessages.confirmList}</Box>
        <ul style={{ margin: 0 }}>
          {rows.map((row) => (
            <li key={row.id}>
              <Box variant="strong">{row.name}</Box> {row.kind === 'draft' ? '(brouillon)' : `(${row.state})`}
            </li>
          ))}
        </ul>
      </SpaceBetween>
    </Modal>
  );
}
