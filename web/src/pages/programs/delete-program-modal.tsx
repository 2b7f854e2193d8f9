import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Program } from '../../api/program-queries';
import { programListMessages } from '../../../../shared/messages/program-pages';

export interface DeleteProgramModalProps {
  program: Program;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** Confirmation before an administrator deletes a program (part 3 §2). */
export function DeleteProgramModal({ program, pending, onConfirm, onDismiss }: DeleteProgramModalProps) {
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={programListMessages.deleteHeader}
      closeAriaLabel="Fermer"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              Annuler
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={pending} disabled={pending}>
              Supprimer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {programListMessages.deleteLead} <Box variant="strong">{program.name}</Box> {programListMessages.deleteTail(program.promotername)}
    </Modal>
  );
}
