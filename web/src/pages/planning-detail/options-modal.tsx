import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import type { NotifiedPerson, Planning, PlanningAddress } from '../../../../shared/domain/planning';
import { errorMessage } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { notify } from '../../app/notifications-store';
import { parisInstant, parisParts } from '../../components/planning-detail/calendar-config';
import { DateTimeField } from '../../components/planning-detail/date-time-field';
import { isEmail } from '../../components/planning-detail/message-checks';
import { ContactTab, notifiedErrors, NotifiedTab, SaveButton } from './options-tabs';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { DeletionTab, type PlanningDeletion } from './planning-deletion-tab';
import { addressMessages, creationMessages } from '../../../../shared/messages/plannings';
import { planningOptionsMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

export interface OptionsModalProps {
  planning: Planning;
  run: <R>(call: () => Promise<R>) => Promise<R>;
  pending: boolean;
  /** The page's deletion of this planning, which outlives the modal (planning-deletion-tab.tsx). */
  deletion: PlanningDeletion;
  onDismiss: () => void;
}

/** Address fields required (part 2 §5 'Planning form'). */
function addressErrors(address: PlanningAddress): Partial<Record<keyof PlanningAddress, string>> {
  return {
    numero: address.numero.trim() ? undefined : addressMessages.numero,
    rue: address.rue.trim() ? undefined : addressMessages.rue,
    codepostal: address.codepostal.trim() ? undefined : addressMessages.codepostal,
    ville: address.ville.trim() ? undefined : addressMessages.ville,
  };
}

const hasError = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** 'Options' (part 2 §2.6): name, deadline, address, contact, notified persons, deletion. */
export function OptionsModal({ planning, run, pending, deletion, onDismiss }: OptionsModalProps) {
  const [name, setName] = useState(planning.name);
  const [deadline, setDeadline] = useState(parisParts(planning.bookingDeadline));
  const [address, setAddress] = useState<PlanningAddress>({ ...planning.address, pays: planning.address.pays ?? '' });
  const [contact, setContact] = useState({ ...planning.contact });
  const [notified, setNotified] = useState<NotifiedPerson[]>(planning.notifiedList ?? []);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [formError, setError] = useState<string | null>(null);
  const error = formError ?? deletion.error;

  const save = async (tab: string, body: Parameters<typeof planningActions.editPlanning>[1], valid: boolean) => {
    setSubmitted(tab);
    setError(null);
    if (!valid) return;
    try {
      const answer = await run(() => planningActions.editPlanning(planning._id, body));
      notify({ type: 'success', content: answer.message });
    } catch (caught) {
      setError(errorMessage(caught, detailMessages.requestFailed));
    }
  };

  const nameError = submitted === 'general' && !name.trim() ? creationMessages.nameBlank : undefined;
  const deadlineEpoch = deadline.date && deadline.time ? Date.parse(parisInstant(deadline.date, deadline.time)) : NaN;
  const deadlineError =
    submitted === 'general'
      ? Number.isNaN(deadlineEpoch)
        ? creationMessages.deadlineRequired
        : deadlineEpoch <= Date.now()
          ? detailMessages.deadlinePast
          : undefined
      : undefined;
  const address$ = submitted === 'address' ? addressErrors(address) : {};

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel={planningPageCommon.close}
      header={planningOptionsMessages.title}
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>{planningPageCommon.close}</Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {error && <Alert type="error">{error}</Alert>}
        <Tabs
          onChange={() => {
            setSubmitted(null);
            setError(null);
            deletion.setError(null);
          }}
          tabs={[
            {
              id: 'general',
              label: planningOptionsMessages.general,
              content: (
                <SpaceBetween size="m">
                  <FormField label={planningOptionsMessages.name} errorText={nameError}>
                    <Input value={name} onChange={({ detail }) => setName(detail.value)} />
                  </FormField>
                  <DateTimeField
                    label={planningOptionsMessages.deadline}
                    date={deadline.date}
                    time={deadline.time}
                    stepMin={30}
                    error={deadlineError}
                    onChange={setDeadline}
                  />
                  <SaveButton
                    pending={pending}
                    onClick={() => {
                      const bookingDeadline = Number.isNaN(deadlineEpoch) ? '' : new Date(deadlineEpoch).toISOString();
                      const valid = !!name.trim() && !!bookingDeadline && deadlineEpoch > Date.now();
                      void save('general', { name: name.trim(), ...(bookingDeadline !== planning.bookingDeadline ? { bookingDeadline } : {}) }, valid);
                    }}
                  />
                </SpaceBetween>
              ),
            },
            {
              id: 'address',
              label: planningOptionsMessages.address,
              content: (
                <SpaceBetween size="m">
                  <ColumnLayout columns={2}>
                    {(['numero', 'rue', 'codepostal', 'ville', 'pays'] as const).map((key) => (
                      <FormField key={key} label={planningOptionsMessages.addressFields[key]} errorText={address$[key]}>
                        <Input value={address[key] ?? ''} onChange={({ detail }) => setAddress({ ...address, [key]: detail.value })} />
                      </FormField>
                    ))}
                  </ColumnLayout>
                  <SaveButton
                    pending={pending}
                    onClick={() =>
                      void save('address', { address: { ...address, pays: address.pays?.trim() || undefined } }, !hasError(addressErrors(address)))
                    }
                  />
                </SpaceBetween>
              ),
            },
            {
              id: 'contact',
              label: planningOptionsMessages.contact,
              content: (
                <ContactTab
                  contact={contact}
                  onChange={setContact}
                  submitted={submitted === 'contact'}
                  pending={pending}
                  onSave={() => void save('contact', { contact }, !contact.contactMail || isEmail(contact.contactMail))}
                />
              ),
            },
            {
              id: 'notified',
              label: planningOptionsMessages.notified,
              content: (
                <NotifiedTab
                  notified={notified}
                  onChange={setNotified}
                  submitted={submitted === 'notified'}
                  pending={pending}
                  onSave={() =>
                    void save(
                      'notified',
                      { notifiedList: notified },
                      notified.every((person) => !hasError(notifiedErrors(person))),
                    )
                  }
                />
              ),
            },
            {
              id: 'delete',
              label: planningOptionsMessages.delete,
              content: <DeletionTab planningName={planning.name} {...deletion} />,
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
