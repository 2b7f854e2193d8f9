import Alert from '@cloudscape-design/components/alert';
import { strandDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/**
 * The server's strand warning (part 2 §5) in a forced-booking or move dialog: a warning the
 * staff member may confirm, not an error, with the buyers it names.
 */
export function StrandWarningAlert({ text }: { text: string }) {
  return (
    <Alert type="warning" statusIconAriaLabel={planningDialogCommon.warningIcon} header={strandDialogMessages.title}>
      {text}
    </Alert>
  );
}
