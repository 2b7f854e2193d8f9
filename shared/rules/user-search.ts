/** Lower case without accents: 'Léa' and 'lea' compare equal (the accounts search, part 3 §2 Users). */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Whether an account matches what the administrator typed in the accounts search: every word typed
 * is found in its e-mail, first name, last name or username, in any order and without regard to
 * case or accents ('acquereur1@demo', 'Dubois Léa' and 'lea dubois' all find Léa Dubois).
 */
export function matchesUserSearch(user: { firstname: string; lastname: string; email: string; username?: string }, typed: string): boolean {
  const haystack = searchable([user.firstname, user.lastname, user.email, user.username ?? ''].join(' '));
  return searchable(typed)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
