import { useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '../../../../shared/domain/planning';
import { useRemoveBuyerVisitsMutation } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';
import { visitFailureMessages } from './visit-failure-messages';
import { buyerVisitMessages } from '../../../../shared/messages/virtual-visit-pages';

/** 'Supprimer les visites 3D' on a planning's selected buyers (part 2 §7 broadcastlistVvUuidDelete), after confirmation. */
export function RemoveBuyerVisitsModal({ planningId, selection, onDismiss }: { planningId: string; selection: Meeting[]; onDismiss: () => void }) {
  const remove = useRemoveBuyerVisitsMutation(planningId);
  const queryClient = useQueryClient();
  const confirm = () =>
    remove.mutate(
      selection.map((meeting) => meeting.uuid),
      {
        onSuccess: ({ message }) => {
          notify({ type: 'success', content: message });
          void queryClient.invalidateQueries();
          onDismiss();
        },
        onError: (error) =>
          notify({
            type: 'error',
            content: visitFailureMessages.delete(
              selection.map((meeting) => meeting.guest.email ?? ''),
              error,
            ),
          }),
      },
    );
  const count = selection.length;
  return (
    <ConfirmModal
      header={count > 1 ? buyerVisitMessages.removeMany(count) : buyerVisitMessages.removeOne}
      confirmLabel="Supprimer"
      pending={remove.isPending}
      onConfirm={confirm}
      onDismiss={onDismiss}
    >
      {buyerVisitMessages.linksStop(count, selection.map((meeting) => `lot ${meeting.guest.lotcomm} (${meeting.guest.nom})`).join(', '))}
    </ConfirmModal>
  );
}
