import { imposedMessages } from '../../../../shared/domain/imposed-planning';
import { ConfirmModal } from '../../components/confirm-modal';
import { imposedPlacementMessages } from '../../../../shared/messages/planning-creation';

/** Part 2 §4: lots left unplaced are warned about before the creation; staff may create anyway. */
export function UnplacedConfirmModal({
  count,
  pending,
  onConfirm,
  onDismiss,
}: {
  count: number;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  return (
    <ConfirmModal
      header={imposedPlacementMessages.unplaced}
      confirmLabel={imposedPlacementMessages.createAnyway}
      pending={pending}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    >
      {imposedMessages.unplacedWarning(count)}
    </ConfirmModal>
  );
}
