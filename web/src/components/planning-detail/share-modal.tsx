import Box from '@cloudscape-design/components/box';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import type { Planning } from '../../../../shared/domain/planning';
import { isValidPhone } from '../../../../shared/rules/phone';
import { ActionModal } from './action-modal';
import { isEmail, splitList } from './message-checks';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { shareDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export type ShareChannel = 'email' | 'sms' | 'link';

const shareInvalid = detailMessages.shareInvalid;

/** Sharing (part 2 §5): at least one target, each a valid e-mail or phone. */
function shareError(channel: 'email' | 'sms', text: string): string | undefined {
  const targets = splitList(text);
  if (targets.length === 0) return shareInvalid;
  return targets.every(channel === 'email' ? isEmail : isValidPhone) ? undefined : shareInvalid;
}

export interface ShareModalProps {
  planning: Planning;
  initialChannel: ShareChannel;
  pending: boolean;
  error: string | null;
  onShare: (channel: 'email' | 'sms', targets: string[]) => void;
  onDismiss: () => void;
}

/** Send the read-only calendar (/pview/{uuid}) by e-mail, by SMS, or copy its link. */
export function ShareModal({ planning, initialChannel, pending, error, onShare, onDismiss }: ShareModalProps) {
  const [channel, setChannel] = useState<ShareChannel>(initialChannel);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const link = `${window.location.origin}/pview/${planning.uuid}`;
  const fieldError = channel !== 'link' && submitted ? shareError(channel, text) : undefined;
  return (
    <ActionModal
      header={shareDialogMessages.title}
      confirmLabel={channel === 'link' ? planningDialogCommon.close : planningDialogCommon.send}
      pending={pending}
      error={error}
      onConfirm={() => {
        if (channel === 'link') return onDismiss();
        setSubmitted(true);
        if (!shareError(channel, text)) onShare(channel, splitList(text));
      }}
      onDismiss={onDismiss}
    >
      <SegmentedControl
        selectedId={channel}
        label={shareDialogMessages.channel}
        onChange={({ detail }) => {
          setChannel(detail.selectedId as ShareChannel);
          setSubmitted(false);
          setText('');
        }}
        options={[
          { id: 'email', text: planningDialogCommon.byEmail },
          { id: 'sms', text: planningDialogCommon.bySms },
          { id: 'link', text: shareDialogMessages.link },
        ]}
      />
      {channel === 'link' ? (
        <FormField label={shareDialogMessages.linkLabel}>
          <CopyToClipboard
            variant="inline"
            textToCopy={link}
            copyButtonAriaLabel={shareDialogMessages.copyLink}
            copySuccessText={shareDialogMessages.copied}
            copyErrorText={shareDialogMessages.notCopied}
          />
        </FormField>
      ) : (
        <FormField
          label={channel === 'email' ? shareDialogMessages.emails : shareDialogMessages.phones}
          description={shareDialogMessages.listHelp}
          errorText={fieldError}
        >
          <Textarea
            value={text}
            rows={3}
            onChange={({ detail }) => setText(detail.value)}
            placeholder={channel === 'email' ? 'nom@exemple.fr' : '0612345678'}
          />
        </FormField>
      )}
      <Box variant="small" color="text-body-secondary">
        {shareDialogMessages.readOnly}
      </Box>
    </ActionModal>
  );
}
