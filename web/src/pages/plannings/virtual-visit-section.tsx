import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import type { SectionProps } from './use-free-planning-form';

const paragraphs = [
  { key: 'firstParagraph', label: 'Premier paragraphe' },
  { key: 'secondParagraph', label: 'Deuxième paragraphe' },
  { key: 'thirdParagraph', label: 'Troisième paragraphe' },
] as const;

/** Section 9: the virtual-visit text, three paragraphs, each 'Obligatoire' once customised. */
export function VirtualVisitSection({ form, update, errors }: SectionProps) {
  return (
    <SpaceBetween size="m">
      <Toggle checked={form.vrEnabled} onChange={({ detail }) => update({ vrEnabled: detail.checked })} description="Le texte présenté aux acquéreurs avec le lien de leur visite virtuelle.">
        Personnaliser le texte de la visite virtuelle
      </Toggle>
      {form.vrEnabled &&
        paragraphs.map(({ key, label }) => (
          <FormField key={key} label={`${label} *`} errorText={errors[`vrText.${key}`]} stretch>
            <Textarea
              rows={3}
              value={form.vrText[key]}
              invalid={!!errors[`vrText.${key}`]}
              onChange={({ detail }) => update((current) => ({ ...current, vrText: { ...current.vrText, [key]: detail.value } }))}
            />
          </FormField>
        ))}
    </SpaceBetween>
  );
}
