import Button from '@cloudscape-design/components/button';
import { useInviteBuyerMutation } from '../../../api/buyer-area-queries';
import { errorMessage } from '../../../api/api-error';
import { notify } from '../../../app/notifications-store';
import { clientDetailMessages } from '../../../../../shared/messages/lot-pages';

/** 'Inviter à l'espace acquéreur' (part 1 §2 buyer area, §6): an account and a set-password link for a buyer who never had a login. */
export function ClientInviteButton({ programId, clientId }: { programId: string; clientId: string }) {
  const invite = useInviteBuyerMutation(programId, clientId);
  return (
    <Button
      loading={invite.isPending}
      onClick={() =>
        invite.mutate(undefined, {
          onSuccess: (answer) => notify({ type: answer.invited ? 'success' : 'info', content: answer.message }),
          onError: (error) => notify({ type: 'error', content: errorMessage(error) }),
        })
      }
    >
      {clientDetailMessages.invite}
    </Button>
  );
}
