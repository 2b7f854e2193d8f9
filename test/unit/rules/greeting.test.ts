import { renderTags } from '../../../shared/rules/message-tags';
import { accountPerson, civilityOf, familyNameOf, greeting, greetingLine, greetingName } from '../../../shared/rules/greeting';

describe('greetings (part 1 §5: civility from the lot titre, French name order)', () => {
  it("a Madame whose nom is 'Dubois Léa' is greeted 'Bonjour Madame Dubois', not 'Bonjour Dubois Léa'", () => {
    expect(greeting({ titre: 'Madame', nom: 'Dubois Léa' })).toBe('Bonjour Madame Dubois');
  });

  it("the mail's <NOM> reads 'Bonjour Monsieur Lefebvre,' for a Monsieur named 'Lefebvre'", () => {
    expect(renderTags('Bonjour <NOM>,', { NOM: greetingName({ titre: 'Monsieur', nom: 'Lefebvre' }) })).toBe('Bonjour Monsieur Lefebvre,');
  });

  it('the titre is read in its usual spellings, a couple is « Madame, Monsieur »', () => {
    expect(['Mme', 'MME', 'Madame', 'Mademoiselle', 'Mlle'].map(civilityOf)).toEqual(['Madame', 'Madame', 'Madame', 'Madame', 'Madame']);
    expect(['M.', 'M', 'Monsieur', 'MR'].map(civilityOf)).toEqual(['Monsieur', 'Monsieur', 'Monsieur', 'Monsieur']);
    expect(civilityOf('M. et Mme')).toBe('Madame, Monsieur');
    expect(civilityOf('Monsieur et Madame')).toBe('Madame, Monsieur');
    expect(civilityOf('')).toBe('');
    expect(civilityOf(undefined)).toBe('');
  });

  it('the family name keeps its particles and capitals and drops the first name', () => {
    expect(familyNameOf({ nom: 'DUBOIS Léa' })).toBe('DUBOIS');
    expect(familyNameOf({ nom: 'Le Gall Marie' })).toBe('Le Gall');
    expect(familyNameOf({ nom: 'de La Tour Jean' })).toBe('de La Tour');
    expect(familyNameOf({ nom: 'Martin-Dupont Anne' })).toBe('Martin-Dupont');
    expect(familyNameOf({ nom: 'Léa Dubois', firstname: 'Léa' })).toBe('Dubois');
    expect(familyNameOf({ nom: 'Dubois Léa', firstname: 'Léa' })).toBe('Dubois');
    expect(familyNameOf({ nom: 'Lefebvre' })).toBe('Lefebvre');
  });

  it('without a known civility the name is used as written (no gender is guessed)', () => {
    expect(greeting({ titre: '', nom: 'Dubois Léa' })).toBe('Bonjour Dubois Léa');
    expect(greeting({ titre: 'M. et Mme', nom: 'Moreau Hugo' })).toBe('Bonjour Madame, Monsieur Moreau');
  });
});

describe('the first line of every mail (one rule for lots and accounts)', () => {
  it("a lot's buyer: 'Bonjour Madame Simon,'; no name at all: 'Bonjour,', never 'Bonjour ,'", () => {
    expect(greetingLine({ titre: 'Madame', nom: 'Simon' })).toBe('Bonjour Madame Simon,');
    expect(greetingLine({ titre: 'Madame', nom: '  ' })).toBe('Bonjour,');
    expect(greetingLine()).toBe('Bonjour,');
  });

  it("an account with a civility and a last name is greeted as a lot's buyer: 'Madame Simon', even when the last name holds the first name", () => {
    expect(greetingLine(accountPerson({ gender: 'Madame', firstname: '', lastname: 'Simon' }))).toBe('Bonjour Madame Simon,');
    expect(greetingLine(accountPerson({ gender: 'Madame', firstname: 'Claire', lastname: 'Simon Claire' }))).toBe('Bonjour Madame Simon,');
    expect(greetingLine(accountPerson({ gender: 'Monsieur', firstname: 'Yann', lastname: 'Le Gall' }))).toBe('Bonjour Monsieur Le Gall,');
  });

  it("an account without a civility ('Autre', none) or without a last name: the names as given, no gender guessed", () => {
    expect(greetingLine(accountPerson({ gender: 'Autre', firstname: 'Claire', lastname: 'Simon' }))).toBe('Bonjour Claire Simon,');
    expect(greetingLine(accountPerson({ firstname: 'Claire', lastname: '' }))).toBe('Bonjour Claire,');
    expect(greetingLine(accountPerson({ gender: 'Madame', firstname: 'Claire', lastname: '' }))).toBe('Bonjour Claire,');
    expect(greetingLine(accountPerson({ firstname: '', lastname: '' }))).toBe('Bonjour,');
  });
});
