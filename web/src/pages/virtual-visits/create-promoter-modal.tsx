import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { acceptOf, limitLabel, uploadLimits } from '../../../../shared/domain/upload-limits';
import { visitPromoterCreateSchema, type VisitPromoterCreate } from '../../../../shared/domain/virtual-visit';
import { errorMessage } from '../../api/api-error';
import { useCreatePromoterMutation } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { fileRefusals, firstRefusal } from '../../components/file-refusals';
import { FormModal } from '../../components/form-modal';
import { useFormState } from '../../components/use-form-state';
import { visitPromoterMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

const empty: VisitPromoterCreate = { name: '', internalName: '', firstParagraph: '', secondParagraph: '', thirdParagraph: '' };
const paragraphs = [
  ['firstParagraph', 'Premier paragraphe'],
  ['secondParagraph', visitPromoterMessages.secondParagraph],
  ['thirdParagraph', visitPromoterMessages.thirdParagraph],
] as const;

/** 'Ajouter un promoteur' (part 3 §5): public name, internal name, three paragraphs (all required) and a logo. */
export function CreatePromoterModal({ onDismiss }: { onDismiss: () => void }) {
  const { form, set, errors, failure, setFailure, validate } = useFormState(empty);
  const [logo, setLogo] = useState<File[]>([]);
  const create = useCreatePromoterMutation();
  const logoError = firstRefusal(logo, uploadLimits.logo);

  const submit = () => {
    const promoter = validate(visitPromoterCreateSchema);
    // A refused logo is never sent (the field says why).
    if (!promoter || logoError) return;
    create.mutate(
      { promoter, logo: logo[0] ?? null },
      {
        onSuccess: () => {
          notify({ type: 'success', content: visitPromoterMessages.created(promoter.name, !!logo[0]) });
          onDismiss();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <FormModal
      size="large"
      header={visitTableMessages.addPromoter}
      submitLabel={visitPromoterMessages.createSubmit}
      pending={create.isPending}
      failure={failure}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
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
      <FormField label="Logo (facultatif)" description={visitPromoterMessages.logoHelp(limitLabel(uploadLimits.logo))} errorText={logoError}>
        <FileUpload
          value={logo}
          onChange={({ detail }) => setLogo(detail.value.slice(-1))}
          accept={acceptOf(uploadLimits.logo)}
          fileErrors={fileRefusals(logo, uploadLimits.logo)}
          i18nStrings={fileUploadStrings(visitPromoterMessages.chooseLogo)}
          showFileThumbnail
        />
      </FormField>
    </FormModal>
  );
}
