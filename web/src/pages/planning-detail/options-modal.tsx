import Alert from '@cloudscape-design/components/alert';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotifiedPerson, Planning, PlanningAddress } from '../../../../shared/domain/planning';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { planningKeys } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { parisInstant, parisParts } from '../../components/planning-detail/calendar-config';
import { DateTimeField } from '../../components/planning-detail/date-time-field';
import { isEmail } from '../../components/planning-detail/message-checks';
import { detailMessages } from './planning-detail-config';

export interface OptionsModalProps {
  planning: Planning;
  programId: string;
  isAdmin: boolean;
  run: <R>(call: () => Promise<R>) => Promise<R>;
  pending: boolean;
  onDismiss: () => void;
}

/** Address fields required (part 2 §5 'Planning form'). */
export function addressErrors(address: PlanningAddress): Partial<Record<keyof PlanningAddress, string>> {
  return {
    numero: address.numero.trim() ? undefined : 'Veuillez indiquer un numéro de rue',
    rue: address.rue.trim() ? undefined : 'Veuillez rentrer un nom de rue',
    codepostal: address.codepostal.trim() ? undefined : 'Veuillez indiquer un code postal',
    ville: address.ville.trim() ? undefined : 'Veuillez indiquer une ville',
  };
}

/** Notified persons need nom, prénom and a valid e-mail (part 2 §5 'Sharing'). */
export function notifiedErrors(person: NotifiedPerson): Partial<Record<keyof NotifiedPerson, string>> {
  return {
    lastname: person.lastname.trim() ? undefined : 'Veuillez indiquer un nom',
    firstname: person.firstname.trim() ? undefined : 'Veuillez indiquer un prénom',
    email: isEmail(person.email) ? undefined : 'Email invalide',
  };
}

const titles = ['Monsieur', 'Madame', 'Autre'].map((value) => ({ value, label: value }));
const hasError = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** 'Options' (part 2 §2.6): name, deadline, address, contact, notified persons, deletion. */
export function OptionsModal({ planning, programId, isAdmin, run, pending, onDismiss }: OptionsModalProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(planning.name);
  const [deadline, setDeadline] = useState(parisParts(planning.bookingDeadline));
  const [address, setAddress] = useState<PlanningAddress>({ ...planning.address, pays: planning.address.pays ?? '' });
  const [contact, setContact] = useState({ ...planning.contact });
  const [notified, setNotified] = useState<NotifiedPerson[]>(planning.notifiedList ?? []);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deletion, setDeletion] = useState<'idle' | 'confirm' | 'force'>('idle');
  const [deleteReason, setDeleteReason] = useState<string>(detailMessages.cannotDelete);
  const [deleting, setDeleting] = useState(false);

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

  const remove = async (force: boolean) => {
    setDeleting(true);
    try {
      await planningActions.deletePlanning(planning._id, force);
      notify({ type: 'success', content: `Planning « ${planning.name} » supprimé.` });
      await queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
      navigate(`/projets/${encodeURIComponent(programId)}/plannings`);
    } catch (caught) {
      if (isApiError(caught, 409)) {
        setDeleteReason(errorMessage(caught) || detailMessages.cannotDelete);
        setDeletion(isAdmin && !force ? 'force' : 'idle');
        if (!isAdmin) setError(errorMessage(caught) || detailMessages.cannotDelete);
      } else setError(errorMessage(caught, detailMessages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  const nameError = submitted === 'general' && !name.trim() ? 'Vérifiez le titre du planning SVP.' : undefined;
  const deadlineEpoch = deadline.date && deadline.time ? Date.parse(parisInstant(deadline.date, deadline.time)) : NaN;
  const deadlineError =
    submitted === 'general' ? (Number.isNaN(deadlineEpoch) ? 'Veuillez séléctionner la date limite de réponse souhaitée' : deadlineEpoch <= Date.now() ? detailMessages.deadlinePast : undefined) : undefined;
  const address$ = submitted === 'address' ? addressErrors(address) : {};
  const saveButton = (onClick: () => void) => (
    <Button variant="primary" loading={pending} onClick={onClick}>
      Enregistrer
    </Button>
  );

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Options du planning"
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>Fermer</Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {error && <Alert type="error">{error}</Alert>}
        <Tabs
          onChange={() => {
            setSubmitted(null);
            setError(null);
          }}
          tabs={[
            {
              id: 'general',
              label: 'Général',
              content: (
                <SpaceBetween size="m">
                  <FormField label="Nom du planning" errorText={nameError}>
                    <Input value={name} onChange={({ detail }) => setName(detail.value)} />
                  </FormField>
                  <DateTimeField label="Date limite de réponse" date={deadline.date} time={deadline.time} stepMin={30} error={deadlineError} onChange={setDeadline} />
                  {saveButton(() => {
                    const bookingDeadline = Number.isNaN(deadlineEpoch) ? '' : new Date(deadlineEpoch).toISOString();
                    const valid = !!name.trim() && !!bookingDeadline && deadlineEpoch > Date.now();
                    void save('general', { name: name.trim(), ...(bookingDeadline !== planning.bookingDeadline ? { bookingDeadline } : {}) }, valid);
                  })}
                </SpaceBetween>
              ),
            },
            {
              id: 'address',
              label: 'Adresse',
              content: (
                <SpaceBetween size="m">
                  <ColumnLayout columns={2}>
                    {(['numero', 'rue', 'codepostal', 'ville', 'pays'] as const).map((key) => (
                      <FormField key={key} label={{ numero: 'Numéro', rue: 'Rue', codepostal: 'Code postal', ville: 'Ville', pays: 'Pays (facultatif)' }[key]} errorText={address$[key]}>
                        <Input value={address[key] ?? ''} onChange={({ detail }) => setAddress({ ...address, [key]: detail.value })} />
                      </FormField>
                    ))}
                  </ColumnLayout>
                  {saveButton(() => void save('address', { address: { ...address, pays: address.pays?.trim() || undefined } }, !hasError(addressErrors(address))))}
                </SpaceBetween>
              ),
            },
            {
              id: 'contact',
              label: 'Contact',
              content: (
                <SpaceBetween size="m">
                  <ColumnLayout columns={2}>
                    <FormField label="Titre">
                      <Select
                        selectedOption={titles.find((option) => option.value === contact.contactTitre) ?? null}
                        options={titles}
                        onChange={({ detail }) => setContact({ ...contact, contactTitre: detail.selectedOption.value as 'Monsieur' | 'Madame' | 'Autre' })}
                      />
                    </FormField>
                    <FormField label="Nom">
                      <Input value={contact.contactNom ?? ''} onChange={({ detail }) => setContact({ ...contact, contactNom: detail.value })} />
                    </FormField>
                    <FormField label="Prénom">
                      <Input value={contact.contactPrenom ?? ''} onChange={({ detail }) => setContact({ ...contact, contactPrenom: detail.value })} />
                    </FormField>
                    <FormField label="E-mail" errorText={submitted === 'contact' && contact.contactMail && !isEmail(contact.contactMail) ? 'Email invalide' : undefined}>
                      <Input value={contact.contactMail ?? ''} onChange={({ detail }) => setContact({ ...contact, contactMail: detail.value })} />
                    </FormField>
                    <FormField label="Téléphone">
                      <Input value={contact.contactTelephone ?? ''} onChange={({ detail }) => setContact({ ...contact, contactTelephone: detail.value })} />
                    </FormField>
                    <FormField label="Signature">
                      <Input value={contact.signature ?? ''} onChange={({ detail }) => setContact({ ...contact, signature: detail.value })} />
                    </FormField>
                  </ColumnLayout>
                  {saveButton(() => void save('contact', { contact }, !contact.contactMail || isEmail(contact.contactMail)))}
                </SpaceBetween>
              ),
            },
            {
              id: 'notified',
              label: 'Personnes notifiées',
              content: (
                <SpaceBetween size="m">
                  <AttributeEditor<NotifiedPerson>
                    items={notified}
                    addButtonText="Ajouter une personne"
                    removeButtonText="Retirer"
                    empty="Personne n'est notifié pour ce planning."
                    onAddButtonClick={() => setNotified([...notified, { firstname: '', lastname: '', email: '' }])}
                    onRemoveButtonClick={({ detail }) => setNotified(notified.filter((_, index) => index !== detail.itemIndex))}
                    definition={(['lastname', 'firstname', 'email'] as const).map((key) => ({
                      label: { lastname: 'Nom', firstname: 'Prénom', email: 'E-mail' }[key],
                      control: (person: NotifiedPerson, index: number) => (
                        <Input value={person[key]} onChange={({ detail }) => setNotified(notified.map((item, at) => (at === index ? { ...item, [key]: detail.value } : item)))} />
                      ),
                      errorText: (person: NotifiedPerson) => (submitted === 'notified' ? notifiedErrors(person)[key] : undefined),
                    }))}
                  />
                  {saveButton(() => void save('notified', { notifiedList: notified }, notified.every((person) => !hasError(notifiedErrors(person)))))}
                </SpaceBetween>
              ),
            },
            {
              id: 'delete',
              label: 'Supprimer',
              content: (
                <SpaceBetween size="m">
                  <Box>La suppression est possible tant qu'aucune invitation n'a été envoyée et qu'aucun créneau n'est réservé.</Box>
                  {deletion === 'idle' && (
                    <Button onClick={() => setDeletion('confirm')} iconName="remove">
                      Supprimer le planning
                    </Button>
                  )}
                  {deletion === 'confirm' && (
                    <Alert
                      type="warning"
                      header={`Supprimer « ${planning.name} » ?`}
                      action={
                        <SpaceBetween direction="horizontal" size="xs">
                          <Button onClick={() => setDeletion('idle')}>Annuler</Button>
                          <Button variant="primary" loading={deleting} onClick={() => void remove(false)}>
                            Supprimer
                          </Button>
                        </SpaceBetween>
                      }
                    >
                      Cette action est définitive.
                    </Alert>
                  )}
                  {deletion === 'force' && (
                    <Alert
                      type="error"
                      header={deleteReason}
                      action={
                        <SpaceBetween direction="horizontal" size="xs">
                          <Button onClick={() => setDeletion('idle')}>Annuler</Button>
                          <Button variant="primary" loading={deleting} onClick={() => void remove(true)}>
                            Supprimer quand même
                          </Button>
                        </SpaceBetween>
                      }
                    >
                      Des invitations ont été envoyées ou des créneaux réservés. En tant qu'administrateur, vous pouvez supprimer ce planning : les acquéreurs ne
                      seront pas prévenus.
                    </Alert>
                  )}
                </SpaceBetween>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
