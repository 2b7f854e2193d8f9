/**
 * Texts of a staff bulk action's wave (part 2 §5 'Bulk actions on selected buyers', §7), all ours:
 * what the progress bar calls each wave, the flash of its acceptance, its counts and the reasons
 * a recipient was left out. shared/domain/send-wave.ts types them by wave kind.
 */
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The counts a progress or final text reads. */
interface WaveCounts {
  sent: number;
  failed: number;
  skipped: number;
  total: number;
}

export const waveMessages = {
  labels: {
    invitation: 'Invitations',
    relance: 'Relances',
    rappel: 'Rappels',
    cancellation: 'Annulations',
    custom: 'Mail personnalisé',
    'virtual-visit': 'Liens de visite virtuelle',
    'share-email': 'Partage du planning par e-mail',
    'share-sms': 'Partage du planning par SMS',
    shift: 'Décalage des journées',
  },
  reasons: {
    recentlySent: 'Déjà envoyé il y a moins de 10 minutes',
    noLongerConcerned: 'N’est plus concerné par cette action',
    noChannel: 'Aucun envoi : notifications désactivées ou coordonnées manquantes',
    notPlaced: 'Rendez-vous déjà annulé',
    sendFailed: 'Échec de l’envoi',
  },
  /** The flash shown when a bulk action is accepted (202), before anything is sent. */
  started: {
    invitation: (n: number) => `Envoi de ${plural(n, 'invitation', 'invitations')} en cours.`,
    relance: (n: number) => `Envoi de ${plural(n, 'relance', 'relances')} en cours.`,
    rappel: (n: number) => `Envoi de ${plural(n, 'rappel', 'rappels')} en cours.`,
    cancellation: (n: number) => `Annulation de ${plural(n, 'rendez-vous', 'rendez-vous')} en cours.`,
    custom: (n: number) => `Envoi de ${plural(n, 'mail', 'mails')} en cours.`,
    'virtual-visit': (n: number) => `Envoi de ${plural(n, 'lien', 'liens')} de visite virtuelle en cours.`,
    'share-email': (n: number) => `Envoi du lien du planning à ${plural(n, 'destinataire', 'destinataires')} en cours.`,
    'share-sms': (n: number) => `Envoi du lien du planning à ${plural(n, 'destinataire', 'destinataires')} en cours.`,
    shift: (n: number) => `Décalage de ${plural(n, 'rendez-vous', 'rendez-vous')} en cours.`,
  },
  /** '12 / 340 envoyés'. */
  progress: (view: WaveCounts) => `${view.sent} / ${view.total} envoyé${view.sent > 1 ? 's' : ''}`,
  /** The final count: 'Terminé : 338 envoyés, 2 échecs, 1 déjà envoyé'. */
  final: (view: WaveCounts) => {
    const parts = [`${view.sent} envoyé${view.sent > 1 ? 's' : ''} sur ${view.total}`];
    if (view.failed > 0) parts.push(`${view.failed} échec${view.failed > 1 ? 's' : ''}`);
    if (view.skipped > 0) parts.push(`${view.skipped} non envoyé${view.skipped > 1 ? 's' : ''} (déjà fait)`);
    return `Terminé : ${parts.join(', ')}`;
  },
} as const;
