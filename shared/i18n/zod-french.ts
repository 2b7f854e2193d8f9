import { z } from 'zod';
// The French locale alone (a named import the SPA's bundler can keep without the other locales).
import { fr } from 'zod/locales';

/**
 * zod speaks French everywhere: the server (functions/http/route.ts) and the SPA (its two layouts
 * and the pages outside them; not the buyer's page, which loads zod only with its visitors' check)
 * import this module for its effect. Schemas keep their own French texts where the
 * specification gives one; every other refusal gets zod's French locale, prefixed with the field's
 * French name so that « Trop grand : … » says which field is meant.
 */
export const fieldLabels: Record<string, string> = {
  email: 'E-mail',
  password: 'Mot de passe',
  oldPassword: 'Ancien mot de passe',
  newPassword: 'Nouveau mot de passe',
  firstname: 'Prénom',
  lastname: 'Nom',
  prenom: 'Prénom',
  nom: 'Nom',
  username: "Nom d'utilisateur",
  enterprise: 'Entreprise',
  gender: 'Civilité',
  role: 'Rôle',
  token: 'Jeton',
  name: 'Nom',
  promotername: 'Nom du promoteur',
  colors: 'Couleurs',
  color: 'Couleur',
  phase: 'Phase',
  projectId: 'Programme',
  programId: 'Programme',
  draftId: 'Brouillon',
  lotId: 'Lot',
  length: 'Durée de visite',
  mTimes: 'Durées par typologie',
  broadcastList: 'Acquéreurs',
  guest: 'Acquéreur',
  events: 'Journées',
  start: 'Début',
  end: 'Fin',
  nbAmo: "Nombre d'AMO",
  amoList: 'AMO',
  amoNb: 'AMO',
  lunchStartTime: 'Début de la pause déjeuner',
  lunchEndTime: 'Fin de la pause déjeuner',
  bookingDeadline: 'Date limite de réponse',
  launchDate: "Date d'envoi",
  address: 'Adresse',
  numero: 'Numéro de rue',
  rue: 'Rue',
  codepostal: 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  contact: 'Contact',
  contactMail: 'E-mail du contact',
  contactTelephone: 'Téléphone du contact',
  messages: 'Messages',
  questions: 'Questions',
  maxVisitorsNb: "Nombre maximal d'accompagnants",
  reminderHours: 'Délai du rappel',
  notifications: 'Notifications',
  visitors: 'Accompagnants',
  shoeSize: 'Taille de chaussures',
  shoeSize2: 'Taille de chaussures',
  note: 'Note',
  observations: 'Observations',
  slot: 'Créneau',
  startDate: 'Date du créneau',
  nbSolutions: 'Nombre de solutions',
  pas: 'Pas',
  authorizeTrous: 'Trous autorisés',
  areAmosAssigned: 'AMO assignés',
  clients: 'Lots',
  lotcomm: 'Lot commercial',
  typologie: 'Typologie',
  mailmonsieur: 'E-mail',
  mailmadame: 'E-mail (2)',
  telephonemonsieur: 'Téléphone',
  telephonemadame: 'Téléphone (2)',
  uuid: 'Rendez-vous',
  usr: 'Rendez-vous',
};

const frenchLocale = fr().localeError;

/** The French label of the innermost named field of an issue's path, if we know it. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string | undefined {
  const key = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  return key === undefined ? undefined : fieldLabels[key];
}

z.config({
  localeError: (issue) => {
    const message = frenchLocale?.(issue);
    const text = typeof message === 'string' ? message : (message?.message ?? 'Entrée invalide');
    const label = fieldLabel(issue.path);
    return label ? `${label} : ${text}` : text;
  },
});
