import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { notify } from '../../app/notifications-store';
import { visitSelectionRefusal, type VisitSelectionAction } from './visit-selection-rules';
import { buyerVisitMessages } from '../../../../shared/messages/virtual-visit-pages';

type VisitDialog = { kind: VisitSelectionAction; selection: Meeting[] } | null;

/** The planning detail page's virtual-visit actions on its selection (part 3 §2), kept out of that page; their dialogs are planning-visit-dialogs.tsx. */
export function useVisitDialogs() {
  const [dialog, setDialog] = useState<VisitDialog>(null);
  const open = (kind: VisitSelectionAction, selection: Meeting[]) => {
    const refusal = visitSelectionRefusal(kind, selection);
    if (refusal) return void notify({ type: 'error', header: buyerVisitMessages.invalidSelection, content: refusal });
    setDialog({ kind, selection });
  };
  return { dialog, open, close: () => setDialog(null) };
}
