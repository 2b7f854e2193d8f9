import type { Role } from '../../../../shared/domain/roles';
import type { MessageTag } from '../../../../shared/rules/message-tags';
import { allowedTags } from '../../../../shared/rules/message-tags';

/** The templates' home of each role (part 1 §6): promoters under /promoter, AMOs and administrators under /amo. */
export function templatesBase(role: Role): string {
  return role === 'promoter' ? '/promoter/templates' : '/amo/templates';
}

/** The wizard's list of tags (part 1 §5: it omits ADDRESSE). */
export const wizardTags = allowedTags.filter((tag) => tag !== 'ADDRESSE');

/** Sample values of the live preview: a buyer of a demo program, so a text reads as it will be sent. */
export const sampleTagValues: Record<MessageTag, string> = {
  DEBUT_VISITE: 'lundi 7 décembre 2026 à 09:00',
  ETAGE: '2',
  NOM: 'Mme Dupont',
  TYPE_VISITE: 'Pré-livraison',
  LIEN_RDV: 'https://livrea.fr/entrevue/3f9c2a',
  LIEN_PLAN: 'https://livrea.fr/pview/3f9c2a',
  PROMOTEUR: 'Habitat Rhône',
  ADDRESSE: '12 rue des Tilleuls, 69003 Lyon',
  ADRESSE: '12 rue des Tilleuls, 69003 Lyon',
  FIN_PRISE_RDV: 'vendredi 27 novembre 2026',
  LOTCOMM: 'A12',
  CONTACT_NOM: 'Martin',
  CONTACT_TITRE: 'Madame',
  CONTACT_TELEPHONE: '06 11 22 33 44',
  CONTACT_MAIL: 'anne.martin@habitat-rhone.fr',
  CONTACT_PRENOM: 'Anne',
  SIGNATURE: 'Anne Martin, service clients',
  NOM_PROGRAMME: 'Les Jardins du Parc',
  VILLE_PROGRAMME: 'Lyon',
  CODEPOSTAL_PROGRAMME: '69003',
};

/** The template list's empty state (part 3 §2 message-template list). */
export const templateListTexts = { empty: 'Aucun modèle' } as const;
