import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { formatDateTime } from '../format-date';
import { ActionModal } from './action-modal';

export interface CancelMeetingModalProps {
  meeting: Meeting;
  pending: boolean;
  error: string | null;
  onConfirm: (sendMail: boolean) => void;
  onDismiss: () => void;
}

/** Cancel one visit, with or without the cancellation mail (part 2 §2.10). */
export function CancelMeetingModal({ meeting, pending, error, onConfirm, onDismiss }: CancelMeetingModalProps) {
  const [mail, setMail] = useState(true);
  return (
    <ActionModal
      header="Annuler le rendez-vous ?"
      confirmLabel="Annuler le rendez-vous"
      dismissLabel="Conserver"
      danger
      pending={pending}
      error={error}
      onConfirm={() => onConfirm(mail)}
      onDismiss={onDismiss}
    >
      <Box>
        {`Lot ${meeting.guest.lotcomm} · ${meeting.guest.nom}`}
        {meeting.start ? ` — ${formatDateTime(meeting.start, "EEEE d MMMM yyyy 'à' HH:mm")}` : ''}
      </Box>
      <Box variant="small">Le créneau est libéré ; l'acquéreur pourra en choisir un autre.</Box>
      <Checkbox checked={mail} onChange={({ detail }) => setMail(detail.checked)}>
        Envoyer le mail d'annulation
      </Checkbox>
    </ActionModal>
  );
}
