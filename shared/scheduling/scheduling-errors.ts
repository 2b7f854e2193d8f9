/**
 * Typed errors of the scheduling rules. `message` is the exact French text shown to the user
 * (part 2 §8, shared/messages/scheduling.ts); `code` lets the error middleware map the error to an HTTP status without
 * parsing text.
 */
export type SchedulingErrorCode =
  | 'SLOT_BOOKED'
  | 'INVALID_SELECTION'
  | 'SWITCH_IMPOSSIBLE'
  | 'PLACEMENT_FAILED'
  | 'OPTION_REQUIRED'
  | 'INVALID_TIME'
  | 'INVALID_DURATION'
  | 'NOT_ENOUGH_TIME'
  | 'INVALID_INPUT'
  | 'WOULD_STRAND';

export class SchedulingRuleError extends Error {
  public readonly code: SchedulingErrorCode;

  public constructor(code: SchedulingErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SchedulingRuleError';
    this.code = code;
  }
}
