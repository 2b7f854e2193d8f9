import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { notify } from '../../app/notifications-store';
import { BuyerVisitModal } from './buyer-visit-modal';
import { RemoveBuyerVisitsModal } from './remove-buyer-visits-modal';
import { SendVisitLinksModal } from './send-visit-links-modal';
import { visitSelectionRefusal, type VisitSelectionAction } from './visit-selection-rules';

type VisitDialog = { kind: VisitSelectionAction; selection: Meeting[] } | null;

/** The planning detail page's virtual-visit actions on its selection (part 3 §2), kept out of that page. */
export function useVisitDialogs() {
  const [dialog, setDialog] = useState<VisitDialog>(null);
  const open = (kind: VisitSelectionAction, selection: Meeting[]) => {
    const refusal = visitSelectionRefusal(kind, selection);
    if (refusal) return void notify({ type: 'error', header: 'Sélection invalide', content: refusal });
    setDialog({ kind, selection });
  };
  return { dialog, open, close: () => setDialog(null) };
}

export function PlanningVisitDialogs({ planningId, state }: { planningId: string; state: ReturnType<typeof useVisitDialogs> }) {
  const { dialog, close } = state;
  if (!dialog) return null;
  if (dialog.kind === 'send-vr') return <SendVisitLinksModal planningId={planningId} selection={dialog.selection} onDismiss={close} />;
  // Only the chosen buyers who have a visit: the others have nothing to remove.
  if (dialog.kind === 'remove-vr')
    return <RemoveBuyerVisitsModal planningId={planningId} selection={dialog.selection.filter((meeting) => meeting.vrUuid)} onDismiss={close} />;
  return <BuyerVisitModal planningId={planningId} meeting={dialog.selection[0]} onDismiss={close} />;
}
