import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { tourShowPrefix, visitCreateSchema, type VisitCreateInput } from '../../../../shared/domain/virtual-visit';
import { useCreateVisitMutation, type VisitPromoterRow } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { fieldErrorsOf } from '../../components/form-errors';
import { adminVisitPeriod, newVisitId } from './visit-form-defaults';
import { FrenchDateInput } from '../../components/french-date-input';

/** 'Ajouter une visite' (part 3 §2, §5): validity today → today + 7 days, a generated 9-character id. */
export function CreateVisitModal({ promoters, onDismiss }: { promoters: VisitPromoterRow[]; onDismiss: () => void }) {
  const [form, setForm] = useState<VisitCreateInput>(() => ({
    name: '',
    promoter: '',
    pointer: '',
    payload: '',
    email: '',
    ...adminVisitPeriod(),
    uuid: newVisitId(),
    sendMail: true,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateVisitMutation();
  const set = (patch: Partial<VisitCreateInput>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    const parsed = visitCreateSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify({ type: 'success', content: `Visite de ${parsed.data.name} créée${parsed.data.sendMail && parsed.data.email ? ' et envoyée par mail' : ''}.` });
        onDismiss();
      },
      onError: (error) => setFailure(visitFailureMessages.create(error)),
    });
  };

  const selectedPromoter = promoters.find((promoter) => promoter._id === form.promoter);
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Ajouter une visite"
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
        <FormField label="Nom du client *" errorText={errors.name}>
          <Input value={form.name} onChange={({ detail }) => set({ name: detail.value })} ariaLabel="Nom du client" />
        </FormField>
        <FormField label="Promoteur *" errorText={errors.promoter}>
          <Select
            selectedOption={selectedPromoter ? { value: selectedPromoter._id, label: selectedPromoter.name, description: selectedPromoter.internalName } : null}
            onChange={({ detail }) => set({ promoter: detail.selectedOption.value ?? '' })}
            options={promoters.map((promoter) => ({ value: promoter._id, label: promoter.name, description: promoter.internalName }))}
            placeholder="Choisir un promoteur"
            empty="Aucun promoteur : créez-en un d'abord"
            ariaLabel="Promoteur"
          />
        </FormField>
        <FormField label="Nom de la visite *" errorText={errors.pointer}>
          <Input value={form.pointer} onChange={({ detail }) => set({ pointer: detail.value })} ariaLabel="Nom de la visite" />
        </FormField>
        <FormField label="Lien(s) de la visite 3D *" description={`Chaque lien commence par ${tourShowPrefix} ; plusieurs liens séparés par « ; ».`} errorText={errors.payload}>
          <Textarea value={form.payload} onChange={({ detail }) => set({ payload: detail.value })} rows={2} ariaLabel="Liens de la visite 3D" />
        </FormField>
        <FormField label="E-mail(s)" description="Plusieurs adresses séparées par « ; »." errorText={errors.email}>
          <Input value={form.email ?? ''} onChange={({ detail }) => set({ email: detail.value })} ariaLabel="E-mails" />
        </FormField>
        <SpaceBetween direction="horizontal" size="l">
          <FormField label="Début" errorText={errors.startDate}>
            <FrenchDateInput value={form.startDate} onChange={(day) => set({ startDate: day })} ariaLabel="Date de début" />
          </FormField>
          <FormField label="Fin" errorText={errors.endDate}>
            <FrenchDateInput value={form.endDate} onChange={(day) => set({ endDate: day })} ariaLabel="Date de fin" />
          </FormField>
          <FormField label="Identifiant unique *" errorText={errors.uuid}>
            <Input value={form.uuid} onChange={({ detail }) => set({ uuid: detail.value })} ariaLabel="Identifiant unique" />
          </FormField>
        </SpaceBetween>
        <Checkbox checked={!!form.sendMail} onChange={({ detail }) => set({ sendMail: detail.checked })}>
          Envoyer le lien par mail
        </Checkbox>
      </SpaceBetween>
    </Modal>
  );
}
