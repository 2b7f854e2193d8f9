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
import { virtualVisitSectionMessages as texts } from '../../../../shared/messages/planning-creation';

const paragraphs = [
  { key: 'firstParagraph', label: texts.paragraphs.firstParagraph },
  { key: 'secondParagraph', label: texts.paragraphs.secondParagraph },
  { key: 'thirdParagraph', label: texts.paragraphs.thirdParagraph },
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
      <Toggle checked={form.vrEnabled} onChange={({ detail }) => update({ vrEnabled: detail.checked })} description={texts.help}>
        {texts.customize}
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
          <FormField label={texts.logo} description={texts.logoHelp(limitLabel(uploadLimits.planningLogo))} errorText={logoError ?? errors.vrLogoId}>
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
                i18nStrings={fileUploadStrings(upload.isPending ? 'Envoi…' : texts.chooseLogo)}
                onChange={({ detail }) => chooseLogo(detail.value)}
              />
            )}
          </FormField>
        </>
      )}
    </SpaceBetween>
  );
}
