import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { notify } from '../../app/notifications-store';
import { BuyerVisitModal } from './buyer-visit-modal';
import { SendVisitLinksModal, sendLinksRefusal } from './send-visit-links-modal';

type VisitDialog = { kind: 'send-vr' | 'create-vr'; selection: Meeting[] } | null;

/** The planning detail page's virtual-visit actions on its selection (issue 16 §3), kept out of that page. */
export function useVisitDialogs() {
  const [dialog, setDialog] = useState<VisitDialog>(null);
  const open = (kind: 'send-vr' | 'create-vr', selection: Meeting[]) => {
    const refusal = kind === 'send-vr' ? sendLinksRefusal(selection) : selection.length === 1 ? null : 'Sélectionnez un seul acquéreur.';
    if (refusal) return void notify({ type: 'error', header: 'Sélection invalide', content: refusal });
    setDialog({ kind, selection });
  };
  return { dialog, open, close: () => setDialog(null) };
}

export function PlanningVisitDialogs({ planningId, state }: { planningId: string; state: ReturnType<typeof useVisitDialogs> }) {
  const { dialog, close } = state;
  if (!dialog) return null;
  if (dialog.kind === 'send-vr') return <SendVisitLinksModal planningId={planningId} selection={dialog.selection} onDismiss={close} />;
  return <BuyerVisitModal planningId={planningId} meeting={dialog.selection[0]} onDismiss={close} />;
}
