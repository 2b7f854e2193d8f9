import { allowedTags, availableTags, availableTagsText } from '../../../shared/rules/message-tags';
import { tagError } from '../../../web/src/components/planning-detail/message-checks';

const noContact = { contactTitre: undefined, contactNom: '', contactPrenom: '', contactMail: '', contactTelephone: '', signature: '' };
const fullContact = {
  contactTitre: 'Madame' as const,
  contactNom: 'Martin',
  contactPrenom: 'Anne',
  contactMail: 'anne@promo.fr',
  contactTelephone: '0612345678',
  signature: 'Anne Martin',
};

describe('part 2 §5 message tags: a planning dialog lists exactly the tags its check accepts', () => {
  it.each([
    ['without a contact person', noContact],
    ['with a full contact person', fullContact],
  ])('%s, every listed tag is accepted and every refused tag is unlisted', (_, contact) => {
    const listed = availableTags(contact);
    for (const tag of allowedTags) {
      const accepted = tagError(`Bonjour <${tag}>`, contact) === undefined;
      if ((listed as string[]).includes(tag)) expect(accepted).toBe(true);
      else if (tag !== 'ADDRESSE') expect(accepted).toBe(false);
    }
  });

  it('<SIGNATURE> is listed only when the planning has a signature, and the text says what it waits for', () => {
    expect(availableTags(noContact)).not.toContain('SIGNATURE');
    expect(availableTagsText(noContact)).toMatch(
      /^Balises disponibles : <DEBUT_VISITE>.*Renseignez la personne à contacter du planning pour utiliser .*<SIGNATURE>/,
    );
    expect(availableTags({ ...noContact, signature: 'Anne Martin' })).toContain('SIGNATURE');
    expect(availableTagsText(fullContact)).not.toContain('Renseignez');
  });
});
