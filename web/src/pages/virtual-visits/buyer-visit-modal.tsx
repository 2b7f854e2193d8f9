import { useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '../../../../shared/domain/planning';
import { buyerVisitCreateSchema } from '../../../../shared/domain/virtual-visit';
import { useCreateBuyerVisitMutation } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { FormModal } from '../../components/form-modal';
import { useFormState } from '../../components/use-form-state';
import { buyerVisitPeriod } from './visit-form-defaults';
import { VisitLinkFields } from './visit-link-fields';
import { buyerVisitMessages, visitDialogMessages } from '../../../../shared/messages/virtual-visit-pages';

/** A buyer's visit from the planning detail page (part 2 §2.10, §5): today → today + 21 days by default. */
export function BuyerVisitModal({ planningId, meeting, onDismiss }: { planningId: string; meeting: Meeting; onDismiss: () => void }) {
  const emails = [meeting.guest.mailmonsieur, meeting.guest.mailmadame].filter(Boolean).join(';');
  const { form, set, errors, failure, setFailure, validate } = useFormState({
    pointer: `Lot ${meeting.guest.lotcomm}`,
    payload: '',
    email: emails,
    ...buyerVisitPeriod(),
    sendMail: true,
  });
  const create = useCreateBuyerVisitMutation(planningId);
  const queryClient = useQueryClient();

  const submit = () => {
    const visit = validate(buyerVisitCreateSchema, { ...form, meetingUuid: meeting.uuid });
    if (!visit) return;
    create.mutate(visit, {
      onSuccess: ({ vrUuid }) => {
        notify({ type: 'success', content: buyerVisitMessages.created(meeting.guest.lotcomm, vrUuid) });
        void queryClient.invalidateQueries();
        onDismiss();
      },
      onError: (error) => setFailure(visitFailureMessages.create(error)),
    });
  };

  return (
    <FormModal
      header={buyerVisitMessages.header(meeting.guest.lotcomm, meeting.guest.nom)}
      submitLabel={visitDialogMessages.createSubmit}
      pending={create.isPending}
      failure={failure}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <VisitLinkFields form={form} errors={errors} set={set} />
    </FormModal>
  );
}
