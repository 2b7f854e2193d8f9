import { z } from 'zod';
// The French locale alone (a named import the SPA's bundler can keep without the other locales).
import { fr } from 'zod/locales';
import { messages } from '../messages/common';
import { fieldLabels } from '../messages/field-labels';
import { inputMessages } from '../messages/input';

/**
 * zod speaks French everywhere: the server (functions/http/route.ts) and the SPA (its two layouts
 * and the pages outside them; not the buyer's page, which loads zod only with its visitors' check)
 * import this module for its effect. Schemas keep their own French texts where the
 * specification gives one; every other refusal gets zod's French locale, prefixed with the field's
 * French name (shared/messages/field-labels.ts) so that « Trop grand : … » says which field is meant.
 */

const frenchLocale = fr().localeError;

/** The French label of the innermost named field of an issue's path, if we know it. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string | undefined {
  const key = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  return key === undefined ? undefined : fieldLabels[key];
}

/** Letters only, without accents or case: 'E-mail' and 'Email' read alike. */
const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** The field's French label first, unless the message already names it ('Email invalide', 'Prénom : …'). */
function labelledMessage(path: readonly PropertyKey[] | undefined, message: string): string {
  const label = fieldLabel(path);
  if (!label || letters(message).includes(letters(label))) return message;
  return `${label} : ${message}`;
}

/**
 * Schemas' own texts that say nothing of their field when read alone, as a notification or an API
 * answer does. The specification's sentences ('Veuillez écrire un message', 'Numéro de SIREN
 * incorrect…') name what they are about and are given exactly as written.
 */
const namelessMessages: ReadonlySet<string> = new Set([messages.required]);

/**
 * The message an answer carries for an issue (functions/http/route.ts): zod's own already has
 * the label (localeError below); a nameless schema text such as 'Obligatoire' gets it there.
 */
export function answerMessage(path: readonly PropertyKey[] | undefined, message: string): string {
  return namelessMessages.has(message) ? labelledMessage(path, message) : message;
}

z.config({
  localeError: (issue) => {
    const message = frenchLocale?.(issue);
    return labelledMessage(issue.path, typeof message === 'string' ? message : (message?.message ?? inputMessages.invalid));
  },
});
