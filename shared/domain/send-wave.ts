import { z } from 'zod';
import { sendPauseReasons } from '../messages/send-quotas';
import { waveMessages } from '../messages/waves';

/**
 * A staff bulk action (part 2 §5 'Bulk actions on selected buyers', §7) runs as a wave of jobs:
 * the request answers 202 with the wave's id at once, and the planning's detail page follows its
 * progress ('12 / 340 envoyés') until the final count, failures listed.
 */
export const waveKinds = ['invitation', 'relance', 'rappel', 'cancellation', 'custom', 'virtual-visit', 'share-email', 'share-sms', 'shift'] as const;
export type WaveKind = (typeof waveKinds)[number];

/** What the progress bar calls each wave (ours): one label a kind. */
export const waveLabels: Record<WaveKind, string> = waveMessages.labels;

/** The French reasons a wave gives for a recipient left out or not reached (ours). */
export const waveReasons = waveMessages.reasons;

const waveFailureSchema = z.object({ target: z.string(), label: z.string(), reason: z.string() });
export type WaveFailure = z.infer<typeof waveFailureSchema>;

/** GET /rdv/{id}/waves/{waveId}: where a wave stands. `done` once every recipient is counted. */
export const waveViewSchema = z.object({
  waveId: z.string(),
  planningId: z.string(),
  kind: z.enum(waveKinds),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** Left out: reached by an identical action a moment ago, or no longer concerned. */
  skipped: z.number(),
  done: z.boolean(),
  /** The selection refused as a whole before anything was sent (part 2 §5), in French: the wave is done. */
  refused: z.string().optional(),
  createdAt: z.string(),
  failures: z.array(waveFailureSchema),
  /** While its sends wait for a quota (docs/deploy.md « Sending quotas »): why, and when they resume by themselves. */
  pause: z.object({ reason: z.enum(sendPauseReasons), until: z.string() }).optional(),
});
export type WaveView = z.infer<typeof waveViewSchema>;

/** The 202 answer of every bulk action. */
export const waveStartedSchema = z.object({ waveId: z.string(), total: z.number(), message: z.string() });
export type WaveStarted = z.infer<typeof waveStartedSchema>;

/** The flash shown when a bulk action is accepted (202), before anything is sent (ours): one a kind. */
export const waveStartedTexts: Record<WaveKind, (n: number) => string> = waveMessages.started;

/** '12 / 340 envoyés' (ours). */
export const waveProgressText: (view: Pick<WaveView, 'sent' | 'failed' | 'skipped' | 'total'>) => string = waveMessages.progress;

/** The final count: 'Terminé : 338 envoyés, 2 échecs, 1 déjà envoyé'. */
export const waveFinalText: (view: Pick<WaveView, 'sent' | 'failed' | 'skipped' | 'total'>) => string = waveMessages.final;
