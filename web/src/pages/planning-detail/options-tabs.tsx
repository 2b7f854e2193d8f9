import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { NotifiedPerson, Planning } from '../../../../shared/domain/planning';
import { isEmail } from '../../components/planning-detail/message-checks';
import { messages } from '../../../../shared/messages/common';
import { planningOptionsMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

/** Notified persons need nom, prénom and a valid e-mail (part 2 §5 'Sharing'). */
export function notifiedErrors(person: NotifiedPerson): Partial<Record<keyof NotifiedPerson, string>> {
  return {
    lastname: person.lastname.trim() ? undefined : messages.nameRequired,
    firstname: person.firstname.trim() ? undefined : messages.firstnameRequired,
    email: isEmail(person.email) ? undefined : messages.emailInvalid,
  };
}

const titles = ['Monsieur', 'Madame', 'Autre'].map((value) => ({ value, label: value }));

/** A tab's 'Enregistrer'. */
export function SaveButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <Button variant="primary" loading={pending} onClick={onClick}>
      {planningPageCommon.save}
    </Button>
  );
}

interface TabProps<T> {
  /** 'Enregistrer' was pressed on this tab: its errors show. */
  submitted: boolean;
  pending: boolean;
  onChange: (value: T) => void;
  onSave: () => void;
}

/** 'Contact' (part 2 §2.6): the person buyers are told to contact, and the messages' signature. */
export function ContactTab({ contact, submitted, pending, onChange, onSave }: TabProps<Planning['contact']> & { contact: Planning['contact'] }) {
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <FormField label={planningOptionsMessages.contactTitle}>
          <Select
            selectedOption={titles.find((option) => option.value === contact.contactTitre) ?? null}
            options={titles}
            onChange={({ detail }) => onChange({ ...contact, contactTitre: detail.selectedOption.value as 'Monsieur' | 'Madame' | 'Autre' })}
          />
        </FormField>
        <FormField label={planningOptionsMessages.lastname}>
          <Input value={contact.contactNom ?? ''} onChange={({ detail }) => onChange({ ...contact, contactNom: detail.value })} />
        </FormField>
        <FormField label={planningOptionsMessages.firstname}>
          <Input value={contact.contactPrenom ?? ''} onChange={({ detail }) => onChange({ ...contact, contactPrenom: detail.value })} />
        </FormField>
        <FormField
          label={planningOptionsMessages.email}
          errorText={submitted && contact.contactMail && !isEmail(contact.contactMail) ? messages.emailInvalid : undefined}
        >
          <Input value={contact.contactMail ?? ''} onChange={({ detail }) => onChange({ ...contact, contactMail: detail.value })} />
        </FormField>
        <FormField label={planningOptionsMessages.phone}>
          <Input value={contact.contactTelephone ?? ''} onChange={({ detail }) => onChange({ ...contact, contactTelephone: detail.value })} />
        </FormField>
        <FormField label={planningOptionsMessages.signature}>
          <Input value={contact.signature ?? ''} onChange={({ detail }) => onChange({ ...contact, signature: detail.value })} />
        </FormField>
      </ColumnLayout>
      <SaveButton pending={pending} onClick={onSave} />
    </SpaceBetween>
  );
}

/** 'Personnes notifiées' (part 2 §5 'Sharing'): who is told of the planning's bookings. */
export function NotifiedTab({ notified, submitted, pending, onChange, onSave }: TabProps<NotifiedPerson[]> & { notified: NotifiedPerson[] }) {
  return (
    <SpaceBetween size="m">
      <AttributeEditor<NotifiedPerson>
        items={notified}
        addButtonText={planningOptionsMessages.addPerson}
        removeButtonText={planningOptionsMessages.removePerson}
        empty={planningOptionsMessages.nobodyNotified}
        onAddButtonClick={() => onChange([...notified, { firstname: '', lastname: '', email: '' }])}
        onRemoveButtonClick={({ detail }) => onChange(notified.filter((_, index) => index !== detail.itemIndex))}
        definition={(['lastname', 'firstname', 'email'] as const).map((key) => ({
          label: { lastname: planningOptionsMessages.lastname, firstname: planningOptionsMessages.firstname, email: planningOptionsMessages.email }[key],
          control: (person: NotifiedPerson, index: number) => (
            <Input
              value={person[key]}
              onChange={({ detail }) => onChange(notified.map((item, at) => (at === index ? { ...item, [key]: detail.value } : item)))}
            />
          ),
          errorText: (person: NotifiedPerson) => (submitted ? notifiedErrors(person)[key] : undefined),
        }))}
      />
      <SaveButton pending={pending} onClick={onSave} />
    </SpaceBetween>
  );
}
