import { z } from 'zod';
import { sendPauseReasons } from '../messages/send-quotas';

/**
 * A staff bulk action (part 2 §5 'Bulk actions on selected buyers', §7) runs as a wave of jobs:
 * the request answers 202 with the wave's id at once, and the planning's detail page follows its
 * progress ('12 / 340 envoyés') until the final count, failures listed.
 */
export const waveKinds = ['invitation', 'relance', 'rappel', 'cancellation', 'custom', 'virtual-visit', 'share-email', 'share-sms', 'shift'] as const;
export type WaveKind = (typeof waveKinds)[number];

/** What the progress bar calls each wave (ours). */
export const waveLabels: Record<WaveKind, string> = {
  invitation: 'Invitations',
  relance: 'Relances',
  rappel: 'Rappels',
  cancellation: 'Annulations',
  custom: 'Mail personnalisé',
  'virtual-visit': 'Liens de visite virtuelle',
  'share-email': 'Partage du planning par e-mail',
  'share-sms': 'Partage du planning par SMS',
  shift: 'Décalage des journées',
};

/** The French reasons a wave gives for a recipient left out or not reached (ours). */
export const waveReasons = {
  recentlySent: 'Déjà envoyé il y a moins de 10 minutes',
  noLongerConcerned: 'N’est plus concerné par cette action',
  noChannel: 'Aucun envoi : notifications désactivées ou coordonnées manquantes',
  notPlaced: 'Rendez-vous déjà annulé',
  sendFailed: 'Échec de l’envoi',
} as const;

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

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The flash shown when a bulk action is accepted (202), before anything is sent (ours). */
export const waveStartedTexts: Record<WaveKind, (n: number) => string> = {
  invitation: (n) => `Envoi de ${plural(n, 'invitation', 'invitations')} en cours.`,
  relance: (n) => `Envoi de ${plural(n, 'relance', 'relances')} en cours.`,
  rappel: (n) => `Envoi de ${plural(n, 'rappel', 'rappels')} en cours.`,
  cancellation: (n) => `Annulation de ${plural(n, 'rendez-vous', 'rendez-vous')} en cours.`,
  custom: (n) => `Envoi de ${plural(n, 'mail', 'mails')} en cours.`,
  'virtual-visit': (n) => `Envoi de ${plural(n, 'lien', 'liens')} de visite virtuelle en cours.`,
  'share-email': (n) => `Envoi du lien du planning à ${plural(n, 'destinataire', 'destinataires')} en cours.`,
  'share-sms': (n) => `Envoi du lien du planning à ${plural(n, 'destinataire', 'destinataires')} en cours.`,
  shift: (n) => `Décalage de ${plural(n, 'rendez-vous', 'rendez-vous')} en cours.`,
};

/** '12 / 340 envoyés' (ours). */
export function waveProgressText(view: Pick<WaveView, 'sent' | 'failed' | 'skipped' | 'total'>): string {
  return `${view.sent} / ${view.total} envoyé${view.sent > 1 ? 's' : ''}`;
}

/** The final count: 'Terminé : 338 envoyés, 2 échecs, 1 déjà envoyé'. */
export function waveFinalText(view: Pick<WaveView, 'sent' | 'failed' | 'skipped' | 'total'>): string {
  const parts = [`${view.sent} envoyé${view.sent > 1 ? 's' : ''} sur ${view.total}`];
  if (view.failed > 0) parts.push(`${view.failed} échec${view.failed > 1 ? 's' : ''}`);
  if (view.skipped > 0) parts.push(`${view.skipped} non envoyé${view.skipped > 1 ? 's' : ''} (déjà fait)`);
  return `Terminé : ${parts.join(', ')}`;
}
