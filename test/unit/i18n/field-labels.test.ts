import { z } from 'zod';
import { adminCreateUserSchema } from '../../../shared/domain/admin-users';
import { ticketCreateSchema } from '../../../shared/domain/buyer-area';
import type { RouteSpec } from '../../../functions/http/route';
import { fieldLabels } from '../../../shared/messages/field-labels';
import { answerMessage } from '../../../shared/i18n/zod-french';

/**
 * Every field a request can name gets a French label, so that every refusal the API answers says
 * which field is meant ('Entreprise : Obligatoire', 'Objet : Trop grand…'): the body and query
 * schemas of every route, collected as the handlers declare them.
 */
const declared: RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>[] = [];
jest.mock('../../../functions/http/route', () => {
  const actual = jest.requireActual('../../../functions/http/route');
  return { ...actual, route: (spec: (typeof declared)[number], ...rest: unknown[]) => (declared.push(spec), actual.route(spec, ...rest)) };
});

const handlers = ['admin', 'auth', 'booking', 'buyer-area', 'exports', 'logs', 'planning-actions', 'plannings', 'programs', 'templates', 'virtual-visits'];

/** The object keys a schema can name in an issue's path, however it is wrapped. */
function fieldNames(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return [];
  seen.add(schema);
  // zod's internal definition: the only way to walk a schema's parts generically.
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const names: string[] = [];
  if (def.type === 'object') {
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) names.push(key, ...fieldNames(value, seen));
  }
  for (const part of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType', 'catchall']) names.push(...fieldNames(def[part], seen));
  for (const list of ['options', 'items']) for (const option of (def[list] as unknown[] | undefined) ?? []) names.push(...fieldNames(option, seen));
  return names;
}

describe('French field names in validation messages (part 1 §8: messages in French, naming the field)', () => {
  beforeAll(async () => {
    for (const group of handlers) await import(`../../../functions/${group}/handler`);
  });

  it('every field of every route body and query has a French label', () => {
    expect(declared.length).toBeGreaterThan(100);
    const names = new Set(declared.flatMap((spec) => [...fieldNames(spec.body), ...fieldNames(spec.query)]));
    expect([...names].filter((name) => !fieldLabels[name]).sort()).toEqual([]);
  });

  it("a nameless schema text ('Obligatoire') gets its field's label; the specification's sentences are kept as written", () => {
    expect(answerMessage(['enterprise'], 'Obligatoire')).toBe('Entreprise : Obligatoire');
    expect(answerMessage(['address', 'ville'], 'Obligatoire')).toBe('Ville : Obligatoire');
    expect(answerMessage(['customMail'], 'Veuillez écrire un message')).toBe('Veuillez écrire un message');
    expect(answerMessage(['siret'], 'Numéro de SIRET incorrect (14 digits)')).toBe('Numéro de SIRET incorrect (14 digits)');
    expect(answerMessage([], 'Obligatoire')).toBe('Obligatoire');
  });

  it("zod's own refusals name the field, a ticket's subject included", () => {
    const tooLong = ticketCreateSchema.safeParse({ subject: 'x'.repeat(201), message: 'Bonjour' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error!.issues[0].message).toMatch(/^Objet : Trop grand/);
    const noEnterprise = adminCreateUserSchema.safeParse({ enterprise: '' });
    expect(answerMessage(['enterprise'], noEnterprise.error!.issues.find((issue) => issue.path[0] === 'enterprise')!.message)).toBe('Entreprise : Obligatoire');
  });
});
