import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** 'Annuler' on a creation form that holds data: what is typed is lost unless the user stays. */
export function CancelCreationModal({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  return (
    <Modal
      visible
      onDismiss={onStay}
      closeAriaLabel="Fermer"
      header="Abandonner la création du planning ?"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onStay}>
              Continuer la saisie
            </Button>
            <Button variant="primary" onClick={onLeave}>
              Abandonner
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Les informations saisies seront perdues. Pour les garder, enregistrez plutôt le brouillon.
    </Modal>
  );
}
