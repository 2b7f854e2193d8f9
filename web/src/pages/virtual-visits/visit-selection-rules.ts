import type { Meeting } from '../../../../shared/domain/planning';
import { bulkSelectionMessages } from '../../../../shared/messages/bulk-selection';
import { buyerVisitMessages } from '../../../../shared/messages/virtual-visit-pages';

/** The planning detail's virtual-visit actions on the selected buyers (part 3 §2). */
export type VisitSelectionAction = 'send-vr' | 'create-vr' | 'remove-vr';

/** Why a selection cannot receive its links (part 2 §5: refused if any has no vrUuid), or null. */
function sendLinksRefusal(selection: readonly Meeting[]): string | null {
  if (selection.length === 0) return bulkSelectionMessages.empty;
  const without = selection.filter((meeting) => !meeting.vrUuid).length;
  return without > 0 ? buyerVisitMessages.withoutVisit(without) : null;
}

/** Why the action cannot start on this selection, or null. */
export function visitSelectionRefusal(action: VisitSelectionAction, selection: readonly Meeting[]): string | null {
  if (action === 'send-vr') return sendLinksRefusal(selection);
  if (action === 'create-vr') return selection.length === 1 ? null : buyerVisitMessages.oneBuyerOnly;
  return selection.some((meeting) => meeting.vrUuid) ? null : buyerVisitMessages.noneHasVisit;
}
