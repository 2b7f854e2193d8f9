/**
 * How a buyer is addressed (part 1 §5): the civility from the lot's « titre », then the family
 * name, the French way: 'Bonjour Madame Dubois', never 'Bonjour Dubois Léa'. The client file's
 * « nom » column often holds the family name then the first name ('Dubois Léa', 'DUBOIS Léa'); the
 * family name is what a letter uses after a civility. One rule for the booking page and the <NOM>
 * tag of every mail and SMS.
 */
export interface GreetingPerson {
  nom: string;
  titre?: string;
  firstname?: string;
}

/** Words that belong to the family name that follows them ('Le Gall', 'de La Tour', "d'Arc"). */
const particles = new Set([
  'le',
  'la',
  'les',
  'de',
  'du',
  'des',
  'del',
  'della',
  'van',
  'von',
  'der',
  'den',
  'ten',
  'ter',
  'di',
  'da',
  'dos',
  'ben',
  'ibn',
  'el',
  'al',
  'mac',
  'st',
  'saint',
  'sainte',
]);

/** 'Madame', 'Monsieur', 'Madame, Monsieur' for a couple, or '' when the titre says neither. */
export function civilityOf(titre: string | undefined): string {
  const words = (titre ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  const woman = words.some((word) => ['madame', 'mme', 'mmes', 'mademoiselle', 'mlle', 'mrs', 'ms', 'f'].includes(word));
  const man = words.some((word) => ['monsieur', 'm', 'mr', 'mm', 'messieurs', 'h'].includes(word));
  if (woman && man) return 'Madame, Monsieur';
  if (woman) return 'Madame';
  if (man) return 'Monsieur';
  return '';
}

/** The family name inside « nom »: without the first name when it is known or follows in lower case. */
export function familyNameOf(person: Pick<GreetingPerson, 'nom' | 'firstname'>): string {
  const nom = person.nom.trim().replace(/\s+/g, ' ');
  const first = person.firstname?.trim();
  if (first && nom.length > first.length) {
    if (nom.toLowerCase().endsWith(` ${first.toLowerCase()}`)) return nom.slice(0, -first.length - 1);
    if (nom.toLowerCase().startsWith(`${first.toLowerCase()} `)) return nom.slice(first.length + 1);
  }
  const words = nom.split(' ');
  if (words.length < 2) return nom;
  // 'DUBOIS Léa': the words in capitals are the family name.
  const capitals = words.filter((word) => /\p{L}{2}/u.test(word) && word === word.toUpperCase());
  if (capitals.length > 0 && capitals.length < words.length) return capitals.join(' ');
  // 'Dubois Léa', 'Le Gall Marie': the particles then one word; what follows is the first name.
  let end = 0;
  while (end < words.length - 1 && particles.has(words[end].toLowerCase().replace(/['’]$/, ''))) end += 1;
  return words.slice(0, end + 1).join(' ');
}

/** 'Madame Dubois'; without a known civility, the « nom » as written (no guess at a gender). */
export function greetingName(person: GreetingPerson): string {
  const civility = civilityOf(person.titre);
  return civility ? `${civility} ${familyNameOf(person)}` : person.nom.trim();
}

/** 'Bonjour Madame Dubois'. */
export function greeting(person: GreetingPerson): string {
  return `Bonjour ${greetingName(person)}`;
}

/** What an account says of its holder: the civility it chose and the names it gave. */
export interface AccountNames {
  gender?: string;
  firstname?: string;
  lastname?: string;
}

/**
 * An account as a person to greet, by the same rule as a buyer of a lot: with a civility and a
 * last name, 'Madame Simon' (the last name of an account made from a lot may hold the first name
 * too, 'Simon Claire'); otherwise the names as given, 'Claire Simon' (no guess at a gender).
 */
export function accountPerson(account: AccountNames): GreetingPerson {
  const firstname = account.firstname?.trim() ?? '';
  const lastname = account.lastname?.trim() ?? '';
  if (civilityOf(account.gender) && lastname) return { nom: lastname, titre: account.gender, firstname };
  return { nom: [firstname, lastname].filter(Boolean).join(' ') };
}

/**
 * The first line of every mail, one rule for all: 'Bonjour Madame Simon,' as the planning mails'
 * 'Bonjour <NOM>,' reads; 'Bonjour,' when no name is known (never 'Bonjour ,').
 */
export function greetingLine(person?: GreetingPerson): string {
  return person?.nom.trim() ? `${greeting(person)},` : 'Bonjour,';
}
