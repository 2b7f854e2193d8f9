import { useState } from 'react';
import { errorMessage, isApiError } from '../../api/api-error';
import { useDeletePlanningMutation } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { DeletePlanningsModal } from './delete-plannings-modal';
import { type PlanningRow } from './planning-list-config';
import { planningListMessages } from '../../../../shared/messages/plannings';
import { planningDeletionMessages } from '../../../../shared/messages/planning-deletion';
import { planningDeleteMessages } from '../../../../shared/messages/planning-list';

/** What the deletion needs of a row: a planning or a draft, named in the confirmation. */
export type DeletableRow = Pick<PlanningRow, 'id' | 'kind' | 'name' | 'state'>;

type Deletion = { mode: 'confirm'; rows: DeletableRow[] } | { mode: 'force'; rows: DeletableRow[]; reason: string };

/**
 * Deleting plannings from a list (part 2 §2.3 'Selecting plannings allows … deletion', §4 'Deleting
 * a planning'): a confirmation first; a planning with invitations sent or slots booked is refused
 * (409, 'Ce planning ne peut pas être supprimé.' or the server's message); an administrator may
 * then delete it anyway after a second confirmation. Other failures say 'Erreur lors de la
 * suppression.' Used by the program's list and the cross-program list.
 */
export function usePlanningDeletion(onDeleted: () => void) {
  const { role } = useSession();
  const remove = useDeletePlanningMutation();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const isAdmin = role === 'administrator';

  const run = async (targets: DeletableRow[], force: boolean) => {
    const refused: DeletableRow[] = [];
    let reason: string = planningListMessages.cannotDelete;
    let deleted = 0;
    for (const row of targets) {
      try {
        await remove.mutateAsync({ id: row.id, draft: row.kind === 'draft', force });
        deleted += 1;
      } catch (error) {
        if (isApiError(error, 409)) {
          refused.push(row);
          reason = errorMessage(error) || planningListMessages.cannotDelete;
        } else {
          notify({ type: 'error', content: `${row.name} : ${errorMessage(error, planningListMessages.deleteFailed)}` });
        }
      }
    }
    onDeleted();
    if (deleted > 0) notify({ type: 'success', content: deleted > 1 ? planningDeleteMessages.deletedCount(deleted) : planningDeletionMessages.done });
    if (refused.length > 0 && isAdmin && !force) {
      setDeletion({ mode: 'force', rows: refused, reason });
      return;
    }
    if (refused.length > 0) notify({ type: 'error', content: `${reason} (${refused.map((row) => row.name).join(', ')})` });
    setDeletion(null);
  };

  const modal = deletion && (
    <DeletePlanningsModal
      rows={deletion.rows}
      mode={deletion.mode}
      reason={deletion.mode === 'force' ? deletion.reason : undefined}
      pending={remove.isPending}
      onConfirm={() => void run(deletion.rows, deletion.mode === 'force')}
      onDismiss={() => setDeletion(null)}
    />
  );
  return { ask: (rows: DeletableRow[]) => setDeletion({ mode: 'confirm', rows }), modal };
}
