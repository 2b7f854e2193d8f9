import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { templateMessages, templateScreenMessages } from '../../../../shared/messages/templates';
import { errorMessage } from '../../api/api-error';
import { programQueries } from '../../api/program-queries';
import { useUpdateTemplateMutation, type TemplateView } from '../../api/template-queries';
import { notify } from '../../app/notifications-store';

/** The owner chooses the AMO users who may see, edit and delete the template (part 3 §6). */
export function ShareTemplateModal({ template, onDismiss }: { template: TemplateView; onDismiss: () => void }) {
  const amos = useQuery(programQueries.amos());
  const update = useUpdateTemplateMutation();
  const [chosen, setChosen] = useState<string[]>(template.authorized);
  const [failure, setFailure] = useState<string | null>(null);
  const options = (amos.data ?? []).map((amo) => ({ value: amo._id, label: `${amo.firstname} ${amo.lastname}` }));
  const save = async () => {
    try {
      await update.mutateAsync({ id: template._id, patch: { authorized: chosen } });
      notify({ type: 'success', content: templateMessages.updated });
      onDismiss();
    } catch (caught) {
      setFailure(errorMessage(caught, templateMessages.updateFailed));
    }
  };
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={templateScreenMessages.shareTitle(template.name)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" loading={update.isPending} onClick={() => void save()}>
              Enregistrer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        <FormField label={templateScreenMessages.authorizedAmos} description={templateScreenMessages.authorizedAmosHelp}>
          <Multiselect
            selectedOptions={options.filter((option) => chosen.includes(option.value))}
            options={options}
            statusType={amos.isPending ? 'loading' : amos.isError ? 'error' : 'finished'}
            loadingText={templateScreenMessages.amosLoading}
            errorText={amos.isError ? errorMessage(amos.error) : undefined}
            placeholder={templateScreenMessages.chooseAmos}
            filteringType="auto"
            onChange={({ detail }) => setChosen(detail.selectedOptions.map((option) => option.value!))}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
