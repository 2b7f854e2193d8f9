import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useVisitEndDateMutation, type VirtualVisit } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { FrenchDateInput } from '../../components/french-date-input';
import { visitDialogMessages } from '../../../../shared/messages/virtual-visit-pages';

/** Edits a visit's end date (part 3 §2, §4): a date in the past expires the link at once. */
export function EndDateModal({ visit, onDismiss }: { visit: VirtualVisit; onDismiss: () => void }) {
  const [endDate, setEndDate] = useState(formatDateTime(visit.endDate, 'yyyy-MM-dd'));
  const [error, setError] = useState<string | null>(null);
  const save = useVisitEndDateMutation();
  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return setError(visitDialogMessages.endDateRequired);
    save.mutate(
      { uuid: visit.uuid, endDate },
      {
        onSuccess: () => {
          notify({ type: 'success', content: visitDialogMessages.endDateSaved(visit.name) });
          onDismiss();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={visitDialogMessages.endDateHeader(visit.name)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={submit} loading={save.isPending}>
              Enregistrer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <FormField label="Date de fin" description={visitDialogMessages.endDateHelp} errorText={error}>
        <FrenchDateInput value={endDate} onChange={setEndDate} ariaLabel="Date de fin" />
      </FormField>
    </Modal>
  );
}
