import { shiftPreviewSchema, type ShiftRequest } from '../../../shared/domain/planning-shift';
import { waveStartedSchema } from '../../../shared/domain/send-wave';
import { apiRequest } from './api-client';
import { confirmingStaffChange } from '../components/strand-check/undecided-check-confirmation';
import { isAnswerLost } from './api-error';
import { maxStartRetries, newIdempotencyKey, retryDelayMs } from './operation-start';

const shiftPath = (planningId: string, preview: boolean) => `/rdv/${encodeURIComponent(planningId)}/decaler${preview ? '/apercu' : ''}`;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One confirmation sent with one Idempotency-Key, and sent again with the same key while its answer
 * is lost (a 503, a network error): the server answers the wave it started for that key, so a
 * retry never shifts twice (docs/architecture.md « Work that grows with a program », « Décaler »
 * confirmed twice). A refusal (400, 409) is the answer, not retried.
 */
export async function sendWithKeyAgainWhileLost<T>(
  send: (idempotencyKey: string) => Promise<T>,
  idempotencyKey: string = newIdempotencyKey(),
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(idempotencyKey);
    } catch (caught) {
      if (!isAnswerLost(caught) || attempt >= maxStartRetries) throw caught;
      await sleep(retryDelayMs(attempt));
    }
  }
}

/** 'Décaler': the preview (reads only) and the confirmed shift (202, a wave the page follows). */
export const shiftActions = {
  preview: (planningId: string, body: ShiftRequest) => apiRequest(shiftPath(planningId, true), { method: 'POST', body, schema: shiftPreviewSchema }),
  /**
   * One key per confirmation, the same one for its retries. What changed since the preview and
   * needs the staff's word (a day off of a named AMO saved meanwhile: « … : placer quand même ? »,
   * docs/scheduling.md « One person, one calendar ») is asked as for the other staff changes, then
   * sent again, confirmed, under a new key (the refused one started nothing).
   */
  confirm: (planningId: string, body: ShiftRequest) =>
    confirmingStaffChange((flags) =>
      sendWithKeyAgainWhileLost((idempotencyKey) =>
        apiRequest(shiftPath(planningId, false), { method: 'POST', body: { ...body, ...flags }, idempotencyKey, schema: waveStartedSchema }),
      ),
    ),
};
