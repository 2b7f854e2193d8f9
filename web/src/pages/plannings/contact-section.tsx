import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import { contactSectionLabels as labels } from '../../../../shared/messages/planning-creation';
import type { ContactForm, ContactTitle } from './free-planning-config';
import { requiredContactFields } from './free-planning-validation';
import type { SectionProps } from './use-free-planning-form';

const titleOptions = [
  { value: '', label: '—' },
  { value: 'Monsieur', label: 'Monsieur' },
  { value: 'Madame', label: 'Madame' },
  { value: 'Autre', label: 'Autre' },
];

/** Section 8: the contact person; a field is required only when a message uses its tag. */
export function ContactSection({ form, update, errors }: SectionProps) {
  const required = new Set(requiredContactFields(form.messages));
  const set = (field: keyof ContactForm, value: string) => update((current) => ({ ...current, contact: { ...current.contact, [field]: value } }));
  const label = (text: string, field: keyof ContactForm) => (required.has(field) ? `${text} *` : text);
  const input = (field: Exclude<keyof ContactForm, 'contactTitre' | 'signature'>, text: string, type: 'text' | 'email' = 'text') => (
    <FormField label={label(text, field)} errorText={errors[`contact.${field}`]}>
      <Input type={type} value={form.contact[field]} invalid={!!errors[`contact.${field}`]} onChange={({ detail }) => set(field, detail.value)} />
    </FormField>
  );
  return (
    <ColumnLayout columns={3}>
      <FormField label={label(labels.title, 'contactTitre')} errorText={errors['contact.contactTitre']}>
        <Select
          selectedOption={titleOptions.find((option) => option.value === form.contact.contactTitre) ?? titleOptions[0]}
          options={titleOptions}
          invalid={!!errors['contact.contactTitre']}
          onChange={({ detail }) => set('contactTitre', (detail.selectedOption.value ?? '') as ContactTitle)}
        />
      </FormField>
      {input('contactNom', labels.lastname)}
      {input('contactPrenom', labels.firstname)}
      {input('contactMail', labels.mail, 'email')}
      {input('contactTelephone', labels.phone)}
      <FormField label={label(labels.signature, 'signature')} errorText={errors['contact.signature']}>
        <Textarea rows={2} value={form.contact.signature} invalid={!!errors['contact.signature']} onChange={({ detail }) => set('signature', detail.value)} />
      </FormField>
    </ColumnLayout>
  );
}
