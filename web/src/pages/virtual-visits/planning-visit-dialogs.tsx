import { BuyerVisitModal } from './buyer-visit-modal';
import { RemoveBuyerVisitsModal } from './remove-buyer-visits-modal';
import { SendVisitLinksModal } from './send-visit-links-modal';
import type { useVisitDialogs } from './use-visit-dialogs';

/** The dialogs of the planning detail page's virtual-visit actions (part 3 §2), loaded when one opens. */
export function PlanningVisitDialogs({ planningId, state }: { planningId: string; state: ReturnType<typeof useVisitDialogs> }) {
  const { dialog, close } = state;
  if (!dialog) return null;
  if (dialog.kind === 'send-vr') return <SendVisitLinksModal planningId={planningId} selection={dialog.selection} onDismiss={close} />;
  // Only the chosen buyers who have a visit: the others have nothing to remove.
  if (dialog.kind === 'remove-vr')
    return <RemoveBuyerVisitsModal planningId={planningId} selection={dialog.selection.filter((meeting) => meeting.vrUuid)} onDismiss={close} />;
  return <BuyerVisitModal planningId={planningId} meeting={dialog.selection[0]} onDismiss={close} />;
}
