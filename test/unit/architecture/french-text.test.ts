import { frenchTextsOf, looksFrench } from './french-text';

const texts = (source: string, file = 'fixture.tsx') => frenchTextsOf(file, source).map(({ line, text }) => `${line} ${text}`);

describe('the French text detector (the catalogue check stands on it)', () => {
  it('reads a diacritic, or two words one of which is a French function word, as French', () => {
    expect(looksFrench('Réessayer')).toBe(true);
    expect(looksFrench('Aucun programme')).toBe(true);
    expect(looksFrench('Nom du planning')).toBe(true);
    expect(looksFrench('Cancel the booking')).toBe(false);
    expect(looksFrench('fr-FR')).toBe(false);
    expect(looksFrench('la')).toBe(false);
  });

  it('finds JSX text, JSX attribute strings, string literals and the static parts of templates', () => {
    const source = [
      'export const Page = () => (',
      '  <Box header="Liste des lots">',
      '    Aucun rendez-vous',
      '  </Box>',
      ');',
      "export const error = 'Le projet demandé n\\'existe pas.';",
      'export const count = (n: number) => `${n} visites réservées sur la période`;',
    ].join('\n');
    expect(texts(source)).toEqual(['2 Liste des lots', '3 Aucun rendez-vous', "6 Le projet demandé n'existe pas.", '7 visites réservées sur la période']);
  });

  it('leaves out log calls, test names, comments, module specifiers and literal types', () => {
    const source = [
      "import { x } from './données-de-la-page';",
      "// Le commentaire n'est pas lu",
      "logger.warn('Échec de la lecture', { raison: 'délai dépassé' });",
      'console.error(`Erreur pour ${x} dans la file`);',
      "describe('la règle des créneaux', () => { it('refuse un créneau passé', () => undefined); });",
      "type Status = 'réservé' | 'présent';",
      "const lazy = import('./écran-du-lot');",
    ].join('\n');
    expect(texts(source, 'fixture.ts')).toEqual([]);
  });

  it('still finds the French a test callback returns, and a log call is only its own arguments', () => {
    const source = ["it('une règle', () => 'Créneau passé');", "logger.info('ok'); throw new Error('Créneau passé');"].join('\n');
    expect(texts(source, 'fixture.ts')).toEqual(['1 Créneau passé', '2 Créneau passé']);
  });

  it('leaves out the French of a declaration whose leading comment says its texts are values, not messages, and only that declaration', () => {
    const source = [
      '/** Stored statuses: values, not messages (the table holds them). */',
      "export const statuses = ['réservé', 'présent'] as const;",
      "const label = 'Aucun rendez-vous réservé';",
      '// values, not messages: the states an API filters on',
      "function state(done: boolean) { return done ? 'Planning terminé' : 'En cours de réservation'; }",
    ].join('\n');
    expect(texts(source, 'fixture.ts')).toEqual(['3 Aucun rendez-vous réservé']);
  });
});
