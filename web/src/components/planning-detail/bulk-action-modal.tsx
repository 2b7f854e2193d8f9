import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { bulkTexts as texts, imposedIntros, type BulkKind } from '../../../../shared/messages/bulk-selection';
import { bulkActionDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export type { BulkKind } from '../../../../shared/messages/bulk-selection';

/** What the action sends: its channels (mail, SMS) or the cancellation mail. */
interface BulkChannels {
  mail: boolean;
  sms: boolean;
}

export interface BulkActionModalProps {
  kind: BulkKind;
  selection: Meeting[];
  imposed?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (channels: BulkChannels) => void;
  onDismiss: () => void;
}

/** Confirmation of a bulk action on the selected buyers (part 2 §5), with its channels. */
export function BulkActionModal({ kind, selection, imposed = false, pending, error, onConfirm, onDismiss }: BulkActionModalProps) {
  const [mail, setMail] = useState(true);
  const [sms, setSms] = useState(kind === 'relance' || kind === 'rappel');
  const text = texts[kind];
  const withSms = kind === 'relance' || kind === 'rappel';
  return (
    <ActionModal
      header={text.header}
      confirmLabel={text.confirm}
      // 'Annuler' beside 'Annuler les rendez-vous' would read as a second way to cancel them.
      dismissLabel={kind === 'cancel' ? planningDialogCommon.close : undefined}
      danger={kind === 'cancel'}
      pending={pending}
      error={error}
      confirmDisabled={withSms && !mail && !sms}
      onConfirm={() => onConfirm({ mail, sms: withSms && sms })}
      onDismiss={onDismiss}
    >
      <Box>{((imposed && imposedIntros[kind]) || text.intro)(selection.length)}</Box>
      <Box variant="small">{selection.map((meeting) => `${meeting.guest.lotcomm} ${meeting.guest.nom}`).join(' · ')}</Box>
      {kind === 'invite' ? (
        <Box variant="small" color="text-body-secondary">
          {bulkActionDialogMessages.invitationChannels}
        </Box>
      ) : (
        <SpaceBetween size="xs">
          <Checkbox checked={mail} onChange={({ detail }) => setMail(detail.checked)}>
            {kind === 'cancel' ? planningDialogCommon.cancellationMail : planningDialogCommon.byEmail}
          </Checkbox>
          {withSms && (
            <Checkbox checked={sms} onChange={({ detail }) => setSms(detail.checked)}>
              {planningDialogCommon.bySms}
            </Checkbox>
          )}
        </SpaceBetween>
      )}
    </ActionModal>
  );
}
