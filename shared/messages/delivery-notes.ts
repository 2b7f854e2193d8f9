/**
 * The notes staff read on a line of a planning's delivery log ('Journal des envois', docs/api.md;
 * ours: the wording): why a message left incomplete or did not leave.
 */
export const deliveryNotes = {
  noRecipient: 'Aucun destinataire : renseignez le contact du planning.',
  invalidPhone: 'Numéro de téléphone invalide',
  attachmentLeftOut: (filename: string) =>
    `Envoyé sans la pièce jointe « ${filename} » : le fichier est introuvable. Joignez-le de nouveau au planning et transmettez-le aux acquéreurs.`,
} as const;
