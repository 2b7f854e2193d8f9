import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { buyerVisitCreateSchema, tourShowPrefix } from '../../../../shared/domain/virtual-visit';
import { useCreateBuyerVisitMutation } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { buyerVisitPeriod } from './visit-form-defaults';
import { FrenchDateInput } from '../../components/french-date-input';

/** A buyer's visit from the planning detail page (part 2 §2.10, §5): today → today + 21 days by default. */
export function BuyerVisitModal({ planningId, meeting, onDismiss }: { planningId: string; meeting: Meeting; onDismiss: () => void }) {
  const emails = [meeting.guest.mailmonsieur, meeting.guest.mailmadame].filter(Boolean).join(';');
  const [form, setForm] = useState({ pointer: `Lot ${meeting.guest.lotcomm}`, payload: '', email: emails, ...buyerVisitPeriod(), sendMail: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBuyerVisitMutation(planningId);
  const queryClient = useQueryClient();
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    const parsed = buyerVisitCreateSchema.safeParse({ ...form, meetingUuid: meeting.uuid });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ vrUuid }) => {
        notify({ type: 'success', content: `Visite virtuelle du lot ${meeting.guest.lotcomm} créée : /immersion/${vrUuid}` });
        void queryClient.invalidateQueries();
        onDismiss();
      },
      onError: (error) => setFailure(visitFailureMessages.create(error)),
    });
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={`Visite 3D du lot ${meeting.guest.lotcomm} (${meeting.guest.nom})`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={submit} loading={create.isPending}>
              Créer la visite
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        <FormField label="Nom de la visite *" errorText={errors.pointer}>
          <Input value={form.pointer} onChange={({ detail }) => set({ pointer: detail.value })} ariaLabel="Nom de la visite" />
        </FormField>
        <FormField label="Lien(s) de la visite 3D *" description={`Chaque lien commence par ${tourShowPrefix} ; plusieurs liens séparés par « ; ».`} errorText={errors.payload}>
          <Textarea value={form.payload} onChange={({ detail }) => set({ payload: detail.value })} rows={2} ariaLabel="Liens de la visite 3D" />
        </FormField>
        <FormField label="E-mail(s)" errorText={errors.email}>
          <Input value={form.email} onChange={({ detail }) => set({ email: detail.value })} ariaLabel="E-mails" />
        </FormField>
        <SpaceBetween direction="horizontal" size="l">
          <FormField label="Début" errorText={errors.startDate}>
            <FrenchDateInput value={form.startDate} onChange={(day) => set({ startDate: day })} ariaLabel="Date de début" />
          </FormField>
          <FormField label="Fin" errorText={errors.endDate}>
            <FrenchDateInput value={form.endDate} onChange={(day) => set({ endDate: day })} ariaLabel="Date de fin" />
          </FormField>
        </SpaceBetween>
        <Checkbox checked={form.sendMail} onChange={({ detail }) => set({ sendMail: detail.checked })}>
          Envoyer le lien par mail
        </Checkbox>
      </SpaceBetween>
    </Modal>
  );
}
