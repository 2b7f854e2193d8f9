import { z } from 'zod';
import { isInstantInRange } from './input-bounds';
import { inputMessages } from '../messages/input';
import { MOVE_OPTIONS } from '../scheduling/move-appointment';
import { actionMessages } from '../messages/planning-actions';
import { linkUuidSchema } from './ids';
import { confirmShortNoticeField } from '../rules/short-notice';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';

/** Bodies of the imposed planning's staff actions (part 2 §7), browser-safe like request-schemas.ts. */
const uuid = linkUuidSchema(actionMessages.meetingNotFound);
export const epochSeconds = z
  .number()
  .int()
  .positive()
  .refine((seconds) => isInstantInRange(seconds * 1000), inputMessages.instantOutOfRange);

/** PATCH /rdv/convocation-move/{id}: selectedDateMove (the visit's start staff saw), confirmMoveOption, selected, rdvDate. */
export const convocationMoveSchema = z.object({
  selected: uuid,
  rdvDate: epochSeconds,
  confirmMoveOption: z.enum(MOVE_OPTIONS, { error: SCHEDULING_MESSAGES.optionRequired }),
  selectedDateMove: epochSeconds.optional(),
  selectedAmo: z.number().int().min(0).max(9).nullish(),
  // Staff confirmed the notice rule's warning (docs/user-guide.md « Délai de convocation »).
  ...confirmShortNoticeField,
});
export type ConvocationMove = z.infer<typeof convocationMoveSchema>;

/** The imposed variant of add-customer adds the start (seconds or ISO) and isMailConvocation. */
export const imposedCustomerFields = {
  start: z.union([epochSeconds, z.iso.datetime({ offset: true, error: 'Date invalide' })]).optional(),
  isMailConvocation: z.boolean().optional(),
  selectedAmo: z.number().int().min(0).max(9).nullish(),
  ...confirmShortNoticeField,
};
