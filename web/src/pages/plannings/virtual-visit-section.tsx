import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { acceptOf, limitLabel, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { errorMessage } from '../../api/api-error';
import { useUploadAttachmentMutation } from '../../api/planning-queries';
import { fileUploadStrings } from '../../components/file-upload-strings';
import type { SectionProps } from './use-free-planning-form';

const paragraphs = [
  { key: 'firstParagraph', label: 'Premier paragraphe' },
  { key: 'secondParagraph', label: 'Deuxième paragraphe' },
  { key: 'thirdParagraph', label: 'Troisième paragraphe' },
] as const;

/** Section 9: the virtual-visit text, three paragraphs each 'Obligatoire' once customised, and the promoter logo. */
export function VirtualVisitSection({ form, update, errors }: SectionProps) {
  const upload = useUploadAttachmentMutation();
  const [logoError, setLogoError] = useState<string>();

  const chooseLogo = (files: File[]) => {
    const file = files[0];
    setLogoError(undefined);
    if (!file) return;
    const refusal = uploadRefusal(file, uploadLimits.planningLogo);
    if (refusal) return setLogoError(refusal);
    upload.mutate(file, { onSuccess: (saved) => update({ vrLogo: saved }), onError: (error) => setLogoError(errorMessage(error)) });
  };

  return (
    <SpaceBetween size="m">
      <Toggle
        checked={form.vrEnabled}
        onChange={({ detail }) => update({ vrEnabled: detail.checked })}
        description="Le texte présenté aux acquéreurs avec le lien de leur visite virtuelle."
      >
        Personnaliser le texte de la visite virtuelle
      </Toggle>
      {form.vrEnabled && (
        <>
          {paragraphs.map(({ key, label }) => (
            <FormField key={key} label={`${label} *`} errorText={errors[`vrText.${key}`]} stretch>
              <Textarea
                rows={3}
                value={form.vrText[key]}
                invalid={!!errors[`vrText.${key}`]}
                onChange={({ detail }) => update((current) => ({ ...current, vrText: { ...current.vrText, [key]: detail.value } }))}
              />
            </FormField>
          ))}
          <FormField
            label="Logo du promoteur (facultatif)"
            description={`Une image png ou jpeg de ${limitLabel(uploadLimits.planningLogo)} au plus.`}
            errorText={logoError ?? errors.vrLogoId}
          >
            {form.vrLogo ? (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Box>🖼 {form.vrLogo.filename}</Box>
                <Button variant="inline-link" onClick={() => update({ vrLogo: null })}>
                  Retirer
                </Button>
              </SpaceBetween>
            ) : (
              <FileUpload
                value={[]}
                accept={acceptOf(uploadLimits.planningLogo)}
                i18nStrings={fileUploadStrings(upload.isPending ? 'Envoi…' : 'Choisir un logo')}
                onChange={({ detail }) => chooseLogo(detail.value)}
              />
            )}
          </FormField>
        </>
      )}
    </SpaceBetween>
  );
}
