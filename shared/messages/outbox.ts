/**
 * Texts of the local outbox (/dev/outbox, local runtime only): the e-mails and SMS the local server
 * recorded instead of sending them.
 */
export const outboxMessages = {
  cleared: "Boîte d'envoi vidée.",
  loading: "Chargement de la boîte d'envoi",
  message: (name: string) => `Message ${name}`,
  description: "E-mails et SMS enregistrés par le serveur local au lieu d'être envoyés, du plus récent au plus ancien.",
  refresh: 'Actualiser',
  clear: 'Vider',
  channel: 'Canal',
  recipients: 'Destinataires',
  attachmentsShort: 'PJ',
  localOnly: "La boîte d'envoi n'existe que sur le serveur local.",
  empty: 'Aucun message',
  selectOne: 'Sélectionnez un message pour afficher son contenu.',
  // The clear confirmation.
  clearConfirmTitle: "Vider la boîte d'envoi ?",
  clearConfirm: (count: number) => `Les ${count} message(s) enregistrés seront définitivement supprimés de la boîte d'envoi locale.`,
  // One message.
  noSubject: '(sans objet)',
  emailChannel: 'E-mail',
  sentAt: 'Envoyé le',
  htmlContent: 'Contenu HTML',
} as const;
