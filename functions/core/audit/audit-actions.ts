import type { ApiGroup, LocalGroup, RouteKey } from '../../api-routes';

type AnyRouteKey = RouteKey<ApiGroup> | RouteKey<LocalGroup>;
/** The calls the audit log records: every write (a read made while simulating is not logged). */
export type AuditedRouteKey = Extract<AnyRouteKey, `${'POST' | 'PATCH' | 'PUT' | 'DELETE'} ${string}`>;

/** The start of a simulation is recorded by the simulation itself (a GET), under this label. */
export const simulationStartedLabel = 'Début de simulation';
/** Its end: the simulated session's logout, or the administrator's own (core/accounts/logout.ts). */
export const simulationEndedLabel = 'Fin de simulation';

/**
 * What an administrator did while simulating a user, in French, by route template (the audit log,
 * part 3 §4 Impersonation): the log shows these labels instead of the raw HTTP call. The type
 * requires a label for every write route of functions/api-routes.ts, so a new route cannot be
 * logged without one. A simulated session's logout is how a simulation ends.
 */
export const auditActionLabels: Record<AuditedRouteKey, string> = {
  'POST /api/users/login': 'Connexion',
  'POST /api/users/logout': simulationEndedLabel,
  'POST /api/user': 'Compte créé',
  'POST /api/user/forgot': 'Lien de réinitialisation du mot de passe demandé',
  'POST /api/user/reset': 'Mot de passe réinitialisé',
  'POST /api/user/verify-email': 'Adresse e-mail vérifiée',
  'POST /api/users/me/verify-email': 'Nouveau lien de vérification demandé',
  'PATCH /api/users/me': 'Profil modifié',
  'POST /api/users/me/avatar': 'Photo de profil modifiée',
  'POST /api/users/amos': 'Liste des AMO consultée',
  'POST /api/program/create': 'Programme créé',
  'PATCH /api/programs/{id}': 'Paramètres du programme modifiés',
  'DELETE /api/programs/{id}': 'Programme supprimé',
  'POST /api/programs/{id}/avatar': 'Logo du programme envoyé',
  'PATCH /api/programs/{id}/clients/{clientId}': 'Données client modifiées',
  'POST /api/uploads/client-file': 'Fichier client envoyé',
  'POST /api/users/me/xlsx': 'Fichier client envoyé',
  'POST /api/programs/{id}/lockup-clients': 'Lots verrouillés',
  'POST /api/programs/{id}/xlsx-send': 'Fichier client transmis',
  'POST /api/programs/{id}/client-files/{fileId}/import': 'Fichier client importé',
  'POST /api/rdv-draft': 'Brouillon de planning créé',
  'PATCH /api/rdv-draft/{id}': 'Brouillon de planning modifié',
  'DELETE /api/rdv-draft/{id}': 'Brouillon de planning supprimé',
  'POST /api/rdv/no-need/simulation': 'Simulation de planning',
  'POST /api/rdv/no-need/short-simulation': 'Simulation rapide de planning',
  'POST /api/rdv': 'Planning libre créé',
  'DELETE /api/rdv/{id}': 'Planning supprimé',
  'POST /api/rdv/{id}/inviter': 'Invitations envoyées',
  'POST /api/uploads/attachment': 'Pièce jointe envoyée',
  'POST /api/files': 'Fichier envoyé',
  'POST /api/rdv-impose': 'Planning imposé créé',
  'POST /api/rdv/amo-conflicts': 'Conflits des AMO vérifiés',
  'PUT /api/amo/calendar': 'Temps de trajet de l’AMO modifié',
  'POST /api/amo/days-off': 'Indisponibilité de l’AMO ajoutée',
  'DELETE /api/amo/days-off/{id}': 'Indisponibilité de l’AMO supprimée',
  'PATCH /api/rdv/book/{planningId}': 'Rendez-vous réservé',
  'PATCH /api/rdv/unbook/{uuid}': 'Rendez-vous annulé',
  'PATCH /api/rdv/{planningId}/broadcastlist': 'Participants du planning modifiés',
  'POST /api/gdpr/ask-info': 'Demande RGPD envoyée',
  'PATCH /api/rdv/confirm/{planningId}': 'Convocation confirmée',
  'PUT /api/rdv/waitlist/{uuid}': "Inscription sur liste d'attente",
  'DELETE /api/rdv/waitlist/{uuid}': "Retrait de la liste d'attente",
  'PATCH /api/rdv/waitlist/{uuid}/take': 'Créneau plus tôt pris',
  'POST /api/rdv/{id}/relancer': 'Relance envoyée',
  'POST /api/rdv/{id}/rappeler': 'Rappel envoyé',
  'POST /api/rdv/{id}/cancel-multiple': 'Rendez-vous annulés',
  'PATCH /api/rdv/book-force/{planningId}': 'Rendez-vous placé par l’équipe',
  'PATCH /api/rdv/{planningId}/move': 'Rendez-vous déplacé',
  'PATCH /api/rdv/{planningId}/unbook-staff': 'Rendez-vous annulé par l’équipe',
  'POST /api/rdv/{id}/switch-amo': 'AMO échangé',
  'POST /api/rdv/{planningId}/free-meetings': 'Rendez-vous libre créé',
  'PATCH /api/rdv/{planningId}/free-meetings/{freeMeetingId}': 'Rendez-vous libre modifié',
  'DELETE /api/rdv/{planningId}/free-meetings/{freeMeetingId}': 'Rendez-vous libre supprimé',
  'PATCH /api/rdv/test-book-unavailabilities/{planningId}': 'Indisponibilités simulées',
  'PATCH /api/rdv/book-unavailabilities/{planningId}': 'Indisponibilités enregistrées',
  'PATCH /api/rdv/add-amo/{planningId}': 'AMO ajouté au planning',
  'PATCH /api/rdv/{id}/add-customer': 'Acquéreur ajouté au planning',
  'PATCH /api/rdv/{id}/remove-customer': 'Acquéreur retiré du planning',
  'PATCH /api/rdv/{planningId}/meetings/{uuid}': 'Rendez-vous modifié',
  'POST /api/rdv/{id}/update-notifications': 'Notifications du planning modifiées',
  'PATCH /api/rdv/{id}': 'Planning modifié',
  'POST /api/rdv/{id}/mail-personnalise': 'Mail personnalisé envoyé',
  'POST /api/rdv/{id}/share-email': 'Planning partagé par e-mail',
  'POST /api/rdv/{id}/share-sms': 'Planning partagé par SMS',
  'PATCH /api/rdv/convocation-move/{id}': 'Convocation déplacée',
  'POST /api/rdv/{id}/decaler/apercu': 'Aperçu du décalage des journées',
  'POST /api/rdv/{id}/decaler': 'Journées du planning décalées',
  'PUT /api/rdv/{planningId}/meetings/{uuid}/attendance': 'Présence pointée',
  'POST /api/rdv/{planningId}/meetings/{uuid}/reinvite': 'Acquéreur absent réinvité',
  'POST /api/plannings-consolides': 'Vue consolidée ouverte',
  'POST /api/exports/calendar-feed': 'Lien d’agenda créé',
  'DELETE /api/exports/calendar-feed': 'Lien d’agenda révoqué',
  'DELETE /api/users/me/housings/{id}/notifications/{notificationId}': 'Notification effacée',
  'POST /api/users/me/housings/{id}/tickets': 'Message envoyé',
  'POST /api/users/me/answer/upload-files': 'Fichiers de réponse envoyés',
  'POST /api/users/me/answer/create': 'Réponse envoyée',
  'POST /api/user/housings': 'Logement ajouté',
  'POST /api/projets/{id}/messages/{ticketId}/answers': 'Réponse à un acquéreur envoyée',
  'POST /api/projets/{id}/files': 'Fichier du programme envoyé',
  'POST /api/projets/{id}/posts': 'Actualité publiée',
  'DELETE /api/projets/{id}/documents/{documentId}': 'Document supprimé',
  'PUT /api/projets/{id}/faq': 'Foire aux questions modifiée',
  'POST /api/projets/{id}/documents/upload': 'Document envoyé',
  'POST /api/projets/{id}/documents': 'Document ajouté',
  'POST /api/projets/{id}/clients/{clientId}/invite': 'Acquéreur invité à l’espace acquéreur',
  'PATCH /api/admin/users/{id}': 'Compte modifié',
  'DELETE /api/admin/users/{id}': 'Compte supprimé',
  'PATCH /api/admin/permissions/users/{id}': 'Autorisations d’un compte modifiées',
  'PATCH /api/admin/permissions/programs/{id}': 'Autorisations d’un programme modifiées',
  'POST /api/admin/client': 'Entité de facturation créée',
  'PATCH /api/admin/clients/{id}': 'Entité de facturation modifiée',
  'DELETE /api/admin/clients/{id}': 'Entité de facturation supprimée',
  'POST /api/admin/clients/{id}/credits-unlock': 'Déverrouillage des crédits',
  'POST /api/vv': 'Visite virtuelle créée',
  'PATCH /api/vv/{id}': 'Visite virtuelle modifiée',
  'DELETE /api/vv/{id}': 'Visite virtuelle supprimée',
  'POST /api/vv/delete-multiple': 'Visites virtuelles supprimées',
  'POST /api/vv/multiple': 'Visites virtuelles consultées',
  'POST /api/promoter/create': 'Promoteur de visites créé',
  'POST /api/promoters/{id}/logo': 'Logo du promoteur de visites envoyé',
  'DELETE /api/promoter/{id}': 'Promoteur de visites supprimé',
  'POST /api/vv/{id}/increment': 'Visite virtuelle vue',
  'POST /api/vv/logs/multiple': 'Historique de visites supprimé',
  'POST /api/rdv/{planningId}/visites-3d': 'Visites virtuelles du planning créées',
  'POST /api/rdv/{id}/envoi-vv': 'Liens de visite virtuelle envoyés',
  'POST /api/rdv/{planningId}/broadcastlistVvUuidDelete': 'Visites virtuelles du planning supprimées',
  'POST /api/users/me/template/create': 'Modèle créé',
  'PATCH /api/templates/{id}': 'Modèle modifié',
  'DELETE /api/users/me/templates/{id}': 'Modèle supprimé',
  'DELETE /api/dev/outbox': "Boîte d'envoi locale vidée",
};

const templates = Object.entries(auditActionLabels).map(([key, label]) => {
  const [method, path] = key.split(' ');
  const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
  return { key, method, pattern, label };
});

/**
 * The French label of a call: by its route template when known (`event.routeKey`), else by matching
 * the concrete call ('PATCH /api/users/me', as the first entries of the log were stored).
 */
export function auditActionLabel(call: string): string {
  const known = (auditActionLabels as Record<string, string>)[call];
  if (known) return known;
  const [method, path = ''] = call.split(' ');
  return templates.find((template) => template.method === method && template.pattern.test(path))?.label ?? call;
}
