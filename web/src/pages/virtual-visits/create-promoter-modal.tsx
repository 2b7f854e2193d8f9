import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { visitPromoterCreateSchema, type VisitPromoterCreate } from '../../../../shared/domain/virtual-visit';
import { errorMessage } from '../../api/api-error';
import { useCreatePromoterMutation } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { fieldErrorsOf } from '../../components/form-errors';

const empty: VisitPromoterCreate = { name: '', internalName: '', firstParagraph: '', secondParagraph: '', thirdParagraph: '' };
const paragraphs = [
  ['firstParagraph', 'Premier paragraphe'],
  ['secondParagraph', 'Deuxième paragraphe'],
  ['thirdParagraph', 'Troisième paragraphe'],
] as const;

/** 'Ajouter un promoteur' (part 3 §5): public name, internal name, three paragraphs (all required) and a logo. */
export function CreatePromoterModal({ onDismiss }: { onDismiss: () => void }) {
  const [form, setForm] = useState(empty);
  const [logo, setLogo] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePromoterMutation();
  const set = (patch: Partial<VisitPromoterCreate>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    const parsed = visitPromoterCreateSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    create.mutate(
      { promoter: parsed.data, logo: logo[0] ?? null },
      {
        onSuccess: () => {
          notify({ type: 'success', content: `Promoteur ${parsed.data.name} créé${logo[0] ? ', logo envoyé avec succès' : ''}.` });
          onDismiss();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Ajouter un promoteur"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={submit} loading={create.isPending}>
              Créer le promoteur
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        <FormField label="Nom public *" errorText={errors.name}>
          <Input value={form.name} onChange={({ detail }) => set({ name: detail.value })} ariaLabel="Nom public" />
        </FormField>
        <FormField label="Nom interne *" errorText={errors.internalName}>
          <Input value={form.internalName} onChange={({ detail }) => set({ internalName: detail.value })} ariaLabel="Nom interne" />
        </FormField>
        {paragraphs.map(([key, label]) => (
          <FormField key={key} label={`${label} *`} errorText={errors[key]}>
            <Textarea value={form[key]} onChange={({ detail }) => set({ [key]: detail.value })} rows={2} ariaLabel={label} />
          </FormField>
        ))}
        <FormField label="Logo (facultatif)" description="Une image png, jpeg ou webp de 2 Mo au plus.">
          <FileUpload value={logo} onChange={({ detail }) => setLogo(detail.value)} accept="image/png,image/jpeg,image/webp" i18nStrings={fileUploadStrings("Choisir un logo")} showFileThumbnail />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
