import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Meeting } from '../../../../shared/domain/planning';
import { displayPhone } from '../../../../shared/rules/phone';
import { formatDateTime } from '../format-date';

export type VisitAction = 'edit' | 'history' | 'move' | 'cancel';

export interface VisitModalProps {
  meeting: Meeting;
  amo: string;
  onAction: (action: VisitAction) => void;
  onDismiss: () => void;
}

/** A booked visit clicked on the calendar: its buyer, time and AMO; '−' cancels it. */
export function VisitModal({ meeting, amo, onAction, onDismiss }: VisitModalProps) {
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={`Lot ${meeting.guest.lotcomm} · ${meeting.guest.typologie}`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="remove" onClick={() => onAction('cancel')}>
              Annuler le rendez-vous
            </Button>
            <Button onClick={() => onAction('history')}>Historique</Button>
            <Button onClick={() => onAction('edit')}>Modifier l'acquéreur</Button>
            <Button variant="primary" onClick={() => onAction('move')}>
              Déplacer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Acquéreur', value: meeting.guest.nom },
          { label: 'AMO', value: amo },
          { label: 'Début', value: meeting.start ? formatDateTime(meeting.start, "EEEE d MMMM yyyy 'à' HH:mm") : '—' },
          { label: 'Fin', value: meeting.end ? formatDateTime(meeting.end, 'HH:mm') : '—' },
          { label: 'Téléphone', value: displayPhone(meeting.guest.telephonemonsieur) || '—' },
          { label: 'E-mail', value: meeting.guest.email },
          { label: 'Placé par', value: meeting.forced ? "L'équipe" : "L'acquéreur" },
          {
            label: 'Accompagnants',
            value: meeting.visitors.length ? meeting.visitors.map((visitor) => `${visitor.prenom} ${visitor.nom}`).join(', ') : 'Aucun',
          },
        ]}
      />
    </Modal>
  );
}
