import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useQuery } from '@tanstack/react-query';
import { accountQueries, useResendEmailVerificationMutation } from '../../../api/account-queries';
import { errorMessage } from '../../../api/api-error';
import { buyerAreaScreenMessages } from '../../../../../shared/messages/buyer-area';

/**
 * A buyer who has not confirmed their e-mail sees no housing yet (part 1 §2 buyer area): say why, and offer a
 * new link (the first one lasts 24 hours).
 */
export function EmailConfirmationAlert() {
  const profile = useQuery(accountQueries.me());
  const resend = useResendEmailVerificationMutation();
  if (profile.data?.emailVerified !== false) return null;
  if (resend.isSuccess) return <Alert type="success">{resend.data.message}</Alert>;
  return (
    <Alert
      type="info"
      header={buyerAreaScreenMessages.emailToConfirm}
      action={
        <Button loading={resend.isPending} onClick={() => resend.mutate()}>
          {buyerAreaScreenMessages.resendLink}
        </Button>
      }
    >
      {resend.isError ? errorMessage(resend.error) : buyerAreaScreenMessages.emailToConfirmText(profile.data.email)}
    </Alert>
  );
}
