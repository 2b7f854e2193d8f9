import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import type { Meeting, Visitor } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { editingFlags } from '../../../../shared/rules/editing-flags';
import { bookingMessages } from '../../../../shared/messages/booking';
import { messages } from '../../../../shared/messages/common';
import { buyerEditMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/** Shoe sizes staff may enter: 'inconnue' and 35 to 45 (part 2 §5 'Buyer edit'). */
const STAFF_SHOE_SIZES = ['inconnue', ...Array.from({ length: 11 }, (_, index) => String(35 + index))];
const shoeOptions = STAFF_SHOE_SIZES.map((size) => ({ value: size, label: size === 'inconnue' ? buyerEditMessages.unknownShoeSize : size }));
const roleOptions = (['familleami', 'cuisiniste', 'architecte', 'autre'] as const).map((value) => ({ value, label: buyerEditMessages.roles[value] }));

export interface BuyerEdit {
  nom: string;
  isActive: boolean;
  isAvailable: boolean;
  visitors: Visitor[];
  shoeSize: string;
  shoeSize2: string;
  observations: string;
  notifMail: boolean;
  notifSMS: boolean;
}

/** Client-side checks of the form (part 2 §5): nom, and each visitor's nom and prénom. */
function buyerEditErrors(edit: BuyerEdit): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!edit.nom.trim()) errors.nom = messages.nameRequired;
  edit.visitors.forEach((visitor, index) => {
    if (!visitor.nom?.trim()) errors[`visitors.${index}.nom`] = bookingMessages.visitorLastnameMissing;
    if (!visitor.prenom?.trim()) errors[`visitors.${index}.prenom`] = bookingMessages.visitorFirstnameMissing;
  });
  return errors;
}

export interface BuyerEditModalProps {
  meeting: Meeting;
  /** Imposed planning (part 2 §2.5, §2.7): the imposed editing flags of part 2 §4. */
  imposed: boolean;
  pending: boolean;
  error: string | null;
  onSave: (edit: BuyerEdit) => void;
  onDismiss: () => void;
}

/**
 * 'Modifier l'acquéreur' (part 2 §5 'Buyer edit'). Part 2 §4 'Editing flags': a flag that may
 * not change is disabled with the reason (the shared rule the server enforces).
 */
export function BuyerEditModal({ meeting, imposed, pending, error, onSave, onDismiss }: BuyerEditModalProps) {
  const [edit, setEdit] = useState<BuyerEdit>({
    nom: meeting.guest.nom,
    isActive: meeting.isActive,
    isAvailable: meeting.isAvailable,
    visitors: meeting.visitors,
    shoeSize: meeting.shoeSize ?? 'inconnue',
    shoeSize2: meeting.shoeSize2 ?? 'inconnue',
    observations: meeting.observations ?? '',
    notifMail: meeting.notifMail,
    notifSMS: meeting.notifSMS,
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? buyerEditErrors(edit) : {};
  const locked = editingFlags(meeting, imposed);
  const set = <K extends keyof BuyerEdit>(key: K, value: BuyerEdit[K]) => setEdit((current) => ({ ...current, [key]: value }));
  const setVisitor = (index: number, patch: Partial<Visitor>) =>
    set(
      'visitors',
      edit.visitors.map((visitor, at) => (at === index ? { ...visitor, ...patch } : visitor)),
    );

  return (
    <ActionModal
      size="large"
      header={planningDialogCommon.lotAndName(meeting.guest.lotcomm, meeting.guest.nom)}
      confirmLabel={planningDialogCommon.save}
      pending={pending}
      error={error}
      onConfirm={() => {
        setSubmitted(true);
        if (Object.keys(buyerEditErrors(edit)).length === 0) onSave(edit);
      }}
      onDismiss={onDismiss}
    >
      <FormField label={buyerEditMessages.name} errorText={errors.nom}>
        <Input value={edit.nom} onChange={({ detail }) => set('nom', detail.value)} />
      </FormField>
      <ColumnLayout columns={2}>
        <FormField label={buyerEditMessages.active} description={locked.active ?? undefined}>
          <Toggle checked={edit.isActive} disabled={!!locked.active} onChange={({ detail }) => set('isActive', detail.checked)}>
            {edit.isActive ? buyerEditMessages.active : buyerEditMessages.inactive}
          </Toggle>
        </FormField>
        <FormField label={buyerEditMessages.available} description={locked.available ?? undefined}>
          <Toggle checked={edit.isAvailable} disabled={!!locked.available} onChange={({ detail }) => set('isAvailable', detail.checked)}>
            {edit.isAvailable ? buyerEditMessages.available : buyerEditMessages.unavailable}
          </Toggle>
        </FormField>
      </ColumnLayout>
      {meeting.note && (
        <FormField label={buyerEditMessages.buyerMessage}>
          <Box variant="p">{meeting.note}</Box>
        </FormField>
      )}
      <FormField label={buyerEditMessages.visitors} description={buyerEditMessages.atMost(meeting.maxVisitorsNb)}>
        <AttributeEditor<Visitor>
          items={edit.visitors}
          addButtonText={buyerEditMessages.addVisitor}
          removeButtonText={planningDialogCommon.remove}
          disableAddButton={edit.visitors.length >= Math.max(meeting.maxVisitorsNb, 5)}
          empty={buyerEditMessages.noVisitor}
          onAddButtonClick={() => set('visitors', [...edit.visitors, { nom: '', prenom: '', role: 'familleami' }])}
          onRemoveButtonClick={({ detail }) =>
            set(
              'visitors',
              edit.visitors.filter((_, index) => index !== detail.itemIndex),
            )
          }
          definition={[
            {
              label: buyerEditMessages.name,
              control: (visitor, index) => <Input value={visitor.nom} onChange={({ detail }) => setVisitor(index, { nom: detail.value })} />,
              errorText: (_, index) => errors[`visitors.${index}.nom`],
            },
            {
              label: buyerEditMessages.firstname,
              control: (visitor, index) => <Input value={visitor.prenom} onChange={({ detail }) => setVisitor(index, { prenom: detail.value })} />,
              errorText: (_, index) => errors[`visitors.${index}.prenom`],
            },
            {
              label: buyerEditMessages.role,
              control: (visitor, index) => (
                <Select
                  selectedOption={roleOptions.find((option) => option.value === visitor.role) ?? null}
                  options={roleOptions}
                  onChange={({ detail }) => setVisitor(index, { role: detail.selectedOption.value as Visitor['role'] })}
                />
              ),
            },
            {
              label: buyerEditMessages.shoeSize,
              control: (visitor, index) => (
                <Select
                  selectedOption={shoeOptions.find((option) => option.value === (visitor.shoeSize ?? 'inconnue')) ?? null}
                  options={shoeOptions}
                  onChange={({ detail }) => setVisitor(index, { shoeSize: detail.selectedOption.value })}
                />
              ),
            },
          ]}
        />
      </FormField>
      <ColumnLayout columns={2}>
        <FormField label={buyerEditMessages.shoeSize1}>
          <Select
            selectedOption={shoeOptions.find((option) => option.value === edit.shoeSize) ?? null}
            options={shoeOptions}
            onChange={({ detail }) => set('shoeSize', detail.selectedOption.value ?? 'inconnue')}
          />
        </FormField>
        <FormField label={buyerEditMessages.shoeSize2}>
          <Select
            selectedOption={shoeOptions.find((option) => option.value === edit.shoeSize2) ?? null}
            options={shoeOptions}
            onChange={({ detail }) => set('shoeSize2', detail.selectedOption.value ?? 'inconnue')}
          />
        </FormField>
      </ColumnLayout>
      <FormField label={buyerEditMessages.observations}>
        <Textarea value={edit.observations} rows={3} onChange={({ detail }) => set('observations', detail.value)} />
      </FormField>
      <FormField label={buyerEditMessages.notifications}>
        <SpaceBetween direction="horizontal" size="l">
          <Toggle checked={edit.notifMail} onChange={({ detail }) => set('notifMail', detail.checked)}>
            {buyerEditMessages.email}
          </Toggle>
          <Toggle checked={edit.notifSMS} onChange={({ detail }) => set('notifSMS', detail.checked)}>
            {buyerEditMessages.sms}
          </Toggle>
        </SpaceBetween>
      </FormField>
    </ActionModal>
  );
}
