import { tagMessages } from '../messages/templates';
/**
 * Message tags (part 1 §5, part 2 §5): written between angle brackets, e.g. <NOM>. Any other
 * angle-bracket content makes a text invalid; contact tags need the matching planning field.
 */
export const allowedTags = [
  'DEBUT_VISITE',
  'ETAGE',
  'NOM',
  'TYPE_VISITE',
  'LIEN_RDV',
  'LIEN_PLAN',
  'PROMOTEUR',
  'ADDRESSE',
  'ADRESSE',
  'FIN_PRISE_RDV',
  'LOTCOMM',
  'CONTACT_NOM',
  'CONTACT_TITRE',
  'CONTACT_TELEPHONE',
  'CONTACT_MAIL',
  'CONTACT_PRENOM',
  'SIGNATURE',
  'NOM_PROGRAMME',
  'VILLE_PROGRAMME',
  'CODEPOSTAL_PROGRAMME',
] as const;
export type MessageTag = (typeof allowedTags)[number];

/** Which planning contact field each contact tag needs. */
export const contactTagFields = {
  CONTACT_TITRE: 'contactTitre',
  CONTACT_NOM: 'contactNom',
  CONTACT_PRENOM: 'contactPrenom',
  CONTACT_MAIL: 'contactMail',
  CONTACT_TELEPHONE: 'contactTelephone',
  SIGNATURE: 'signature',
} as const satisfies Partial<Record<MessageTag, string>>;

export function tagsIn(text: string): string[] {
  return [...text.matchAll(/<([^<>]*)>/g)].map((match) => match[1]);
}

export function unknownTagsIn(text: string): string[] {
  return tagsIn(text).filter((tag) => !(allowedTags as readonly string[]).includes(tag));
}

/** Contact tags used in the text whose planning field is empty. */
export function missingContactTags(
  text: string,
  contact: Partial<Record<(typeof contactTagFields)[keyof typeof contactTagFields], string | undefined>>,
): string[] {
  return [...new Set(tagsIn(text))].filter(
    (tag): tag is keyof typeof contactTagFields => tag in contactTagFields && !contact[contactTagFields[tag as keyof typeof contactTagFields]]?.trim(),
  );
}

/**
 * The tags a planning's messages may use (part 1 §5, part 2 §5 'Contact tags need the matching
 * planning contact field non-empty'): every allowed tag but the contact tags whose field is empty,
 * so the list a dialog shows is the one its check accepts. ADDRESSE is the spelling kept for old
 * texts; the list shows ADRESSE.
 */
export function availableTags(contact: Parameters<typeof missingContactTags>[1]): MessageTag[] {
  return allowedTags.filter(
    (tag) => tag !== 'ADDRESSE' && !(tag in contactTagFields && !contact[contactTagFields[tag as keyof typeof contactTagFields]]?.trim()),
  );
}

/** What a planning dialog says of its tags: those it accepts, and the contact tags that wait for a field. */
export function availableTagsText(contact: Parameters<typeof missingContactTags>[1]): string {
  const available = availableTags(contact);
  const waiting = Object.keys(contactTagFields).filter((tag) => !(available as string[]).includes(tag));
  return tagMessages.available(available, waiting);
}

/** Replaces every tag by its value (missing values become empty). */
export function renderTags(text: string, values: Partial<Record<MessageTag, string>>): string {
  return text.replace(/<([A-Z_]+)>/g, (whole, tag: string) => ((allowedTags as readonly string[]).includes(tag) ? (values[tag as MessageTag] ?? '') : whole));
}
