import { messageFields, type MessageField, type Planning } from '../../../shared/domain/planning';
import { missingContactTags, unknownTagsIn } from '../../../shared/rules/message-tags';
import { tagMessages } from '../../../shared/messages/templates';
import { getAttachment } from '../../data/attachments-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { assertInvoiceEntityExists } from '../admin/invoice-entities';
import { ForbiddenError, ValidationError } from '../errors';
import { messages as apiMessages } from '../../../shared/messages/common';
import { toPlanning } from '../plannings/planning-view';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { changePlanning } from './planning-transaction';
import type { PlanningPatch } from '../../../shared/domain/planning-action-requests';
import { loadStaffPlanning } from '../plannings/staff-actor';

/** Every message must use known tags only, and contact tags whose contact field is filled. */
function checkMessageTags(messages: Partial<Record<MessageField, string>>, contact: PlanningRecord['contact'], fields: readonly MessageField[]): void {
  for (const field of fields) {
    const text = messages[field];
    if (!text) continue;
    if (unknownTagsIn(text).length > 0) throw new ValidationError(actionMessages.unknownTags, [{ path: field, message: actionMessages.unknownTags }]);
    const missing = missingContactTags(text, contact);
    if (missing.length > 0) throw new ValidationError(tagMessages.missingContact(missing), [{ path: field, message: tagMessages.missingContact(missing) }]);
  }
}

/**
 * PATCH /rdv/{id}: address, contact, booking deadline (in the future), name, message texts,
 * notified persons, invitation attachment (part 2 §7). A contact change re-checks the planning's
 * messages: a tag may not lose the field it shows. Conditioned on the planning's version.
 */
export async function editPlanning(deps: Deps, caller: Caller, planningId: string, patch: PlanningPatch): Promise<{ message: string; planning: Planning }> {
  const changedMessages = messageFields.filter((field) => patch[field] !== undefined);
  if (Object.values(patch).every((value) => value === undefined)) throw new ValidationError(actionMessages.nothingToChange);
  if (patch.bookingDeadline && Date.parse(patch.bookingDeadline) <= deps.now().getTime()) {
    throw new ValidationError(actionMessages.deadlinePast, [{ path: 'bookingDeadline', message: actionMessages.deadlinePast }]);
  }
  // part 3 §2: only an administrator (not one acting as someone else) bills a planning to an entity.
  if (patch.invoiceEntity !== undefined && (caller.role !== 'administrator' || caller.impersonatorId)) throw new ForbiddenError(apiMessages.forbidden);
  if (patch.invoiceEntity) await assertInvoiceEntityExists(deps, patch.invoiceEntity);
  const attachment = patch.mailinvitationattachment ? await getAttachment(deps.store, patch.mailinvitationattachment) : null;
  if (patch.mailinvitationattachment && !attachment) throw new ValidationError(actionMessages.attachmentNotFound);
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, ({ planning }) => {
    const contact = patch.contact ? { ...planning.contact, ...patch.contact } : planning.contact;
    const messages = { ...planning.messages, ...Object.fromEntries(changedMessages.map((field) => [field, patch[field]])) };
    checkMessageTags(messages, contact, patch.contact ? messageFields : changedMessages);
    const fields: Partial<PlanningRecord> = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.address ? { address: patch.address } : {}),
      ...(patch.contact ? { contact } : {}),
      ...(patch.bookingDeadline ? { bookingDeadline: new Date(patch.bookingDeadline).toISOString() } : {}),
      ...(patch.notifiedList ? { notifiedList: patch.notifiedList } : {}),
      ...(patch.invoiceEntity !== undefined ? { invoiceEntity: patch.invoiceEntity || undefined } : {}),
      ...(changedMessages.length > 0 ? { messages } : {}),
      ...(patch.mailinvitationattachment === null ? { attachment: undefined, hasAttachment: false } : {}),
      ...(attachment
        ? { attachment: { fileKey: attachment.fileKey, filename: attachment.filename, contentType: attachment.contentType }, hasAttachment: true }
        : {}),
    };
    return {
      planning: fields,
      result: {
        message: changedMessages.length > 0 ? actionMessages.messageSaved : actionMessages.planningUpdated,
        planning: toPlanning({ ...planning, ...fields }),
      },
    };
  });
}
