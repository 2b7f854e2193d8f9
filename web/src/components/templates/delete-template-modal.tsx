import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { templateMessages, templateScreenMessages } from '../../../../shared/messages/templates';
import { errorMessage } from '../../api/api-error';
import { useDeleteTemplateMutation, type TemplateView } from '../../api/template-queries';
import { notify } from '../../app/notifications-store';

/** Deletes a template after confirmation ('Modèle supprimé avec succès' / 'Erreur lors de la suppression du modèle'). */
export function DeleteTemplateModal({ template, onDismiss }: { template: TemplateView; onDismiss: () => void }) {
  const remove = useDeleteTemplateMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    try {
      const answer = await remove.mutateAsync(template._id);
      notify({ type: 'success', content: answer.message });
      onDismiss();
    } catch (caught) {
      setFailure(errorMessage(caught, templateMessages.deleteFailed));
    }
  };
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={templateScreenMessages.deleteTitle}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" loading={remove.isPending} onClick={() => void confirm()}>
              Supprimer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        <Box variant="p">{templateScreenMessages.deleteConfirm(template.name)}</Box>
      </SpaceBetween>
    </Modal>
  );
}
