import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Meeting } from '../../../../shared/domain/planning';
import { displayPhone } from '../../../../shared/rules/phone';
import { formatDateTime } from '../format-date';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { visitDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

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
      closeAriaLabel={planningDialogCommon.close}
      header={visitDialogMessages.title(meeting.guest.lotcomm, meeting.guest.typologie)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="remove" onClick={() => onAction('cancel')}>
              {planningDialogCommon.cancelMeeting}
            </Button>
            <Button onClick={() => onAction('history')}>{planningDialogCommon.history}</Button>
            <Button onClick={() => onAction('edit')}>{planningDialogCommon.editBuyer}</Button>
            <Button variant="primary" onClick={() => onAction('move')}>
              {planningDialogCommon.move}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: planningDialogCommon.buyer, value: meeting.guest.nom },
          { label: 'AMO', value: amo },
          { label: planningDialogCommon.start, value: meeting.start ? formatParisDateTime(meeting.start) : '—' },
          { label: planningDialogCommon.end, value: meeting.end ? formatDateTime(meeting.end, 'HH:mm') : '—' },
          { label: visitDialogMessages.phone, value: displayPhone(meeting.guest.telephonemonsieur) || '—' },
          { label: visitDialogMessages.email, value: meeting.guest.email },
          { label: visitDialogMessages.placedBy, value: meeting.forced ? planningDialogCommon.team : planningDialogCommon.theBuyer },
          {
            label: visitDialogMessages.visitors,
            value: meeting.visitors.length ? meeting.visitors.map((visitor) => `${visitor.prenom} ${visitor.nom}`).join(', ') : visitDialogMessages.noVisitor,
          },
        ]}
      />
    </Modal>
  );
}
