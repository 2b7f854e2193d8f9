import { messages } from '../../../shared/messages/common';
import { ApiError } from '../../../web/src/api/api-error';
import { clientProfileFormSchema, importCellErrors } from '../../../web/src/api/client-queries';
import { buildBreadcrumbs } from '../../../web/src/app/navigation-config';
import { clientFileError, lotListTitle, lotsLabel } from '../../../web/src/pages/lots/client-file-config';
import { clientFilePageMessages as clientFileMessages } from '../../../shared/messages/lots';
import { lotMatches } from '../../../web/src/pages/lots/lot-table-config';
import { hexToRgb, parseRecentColors, presetColors, rgbToHex, withRecentColor } from '../../../web/src/pages/programs/program-colors-config';
import { settingsFormSchema } from '../../../web/src/pages/programs/program-settings-config';
import type { Lot } from '../../../shared/domain/lot';

const file = (name: string) => ({ name }) as File;

describe('client file checks (part 2 §5 "Client file upload")', () => {
  it("asks for a file first: 'Veuillez préalablement choisir un fichier excel'", () => {
    expect(clientFileError(undefined)).toBe('Veuillez préalablement choisir un fichier excel');
  });

  it('accepts xls and xlsx only', () => {
    expect(clientFileError(file('clients.xlsx'))).toBeUndefined();
    expect(clientFileError(file('CLIENTS.XLS'))).toBe(
      "Le format .xls n'est pas pris en charge : enregistrez le fichier au format .xlsx (Excel : Fichier > Enregistrer sous > Classeur Excel).",
    );
    expect(clientFileError(file('clients.csv'))).toBe(clientFileMessages.wrongFormat);
  });

  it('the wrong-format message offers only what is accepted: xlsx, not the refused .xls', () => {
    expect(clientFileMessages.wrongFormat).toBe("Mauvais format. Accepté : xlsx (classeur Excel ; le format .xls n'est pas pris en charge)");
  });

  it('counts lots in French', () => {
    expect([0, 1, 2, 40].map(lotsLabel)).toEqual(['0 lot', '1 lot', '2 lots', '40 lots']);
  });

  it('writes big counts with French thousands, as the import progress does: « 10 000 lots », « Liste des Lots (10 000) »', () => {
    // fr-FR groups with a narrow no-break space (U+202F).
    expect(lotsLabel(10_000)).toBe('10\u202f000 lots');
    expect(lotListTitle(10_000)).toBe('Liste des Lots (10\u202f000)');
    expect(lotListTitle(40)).toBe('Liste des Lots (40)');
  });
});

describe("import errors (part 2 §8 'Détails de l'erreur')", () => {
  it('reads the per-cell errors of a refused file', () => {
    const cells = [{ row: 3, column: 'nom', field: 'nom', message: 'Champ obligatoire' }];
    const error = new ApiError(400, "Problème lors de l'envoi du fichier", { message: "Problème lors de l'envoi du fichier", details: { cells } });
    expect(importCellErrors(error)).toEqual({ cells, total: 1 });
  });

  it('part 2 §5: a long error list shows its first 100 problems and the total', () => {
    const cells = Array.from({ length: 100 }, (_, index) => ({ row: index + 2, column: 'nom', field: 'nom', message: 'Champ obligatoire' }));
    const error = new ApiError(400, "Problème lors de l'envoi du fichier", {
      message: "Problème lors de l'envoi du fichier",
      details: { cells, total: 20_000 },
    });
    expect(importCellErrors(error)).toEqual({ cells, total: 20_000 });
  });

  it('answers no cells for other failures', () => {
    expect(importCellErrors(new ApiError(400, 'Un ou plusieurs mails…', { message: 'Un ou plusieurs mails…' }))).toEqual({ cells: [], total: 0 });
    expect(importCellErrors(new Error('boom'))).toEqual({ cells: [], total: 0 });
  });
});

describe('lot table filter (part 2 §2.1)', () => {
  const lot = {
    _id: '1',
    lotcomm: 'A101',
    nom: 'Lefèvre',
    typologie: '3p',
    batiment: 'A',
    etage: '1',
    telephonemonsieur: '0611',
    mailmonsieur: 'x@y.fr',
  } as Lot;

  it('matches any shown field, ignoring case and accents', () => {
    expect(lotMatches(lot, 'lefevre')).toBe(true);
    expect(lotMatches(lot, 'a10')).toBe(true);
    expect(lotMatches(lot, '3P')).toBe(true);
    expect(lotMatches(lot, 'B2')).toBe(false);
    expect(lotMatches(lot, '  ')).toBe(true);
  });
});

describe('client profile form (part 2 §2.2, §5)', () => {
  const valid = { firstname: 'Léa', nom: 'Dubois', mailmonsieur: 'lea@exemple.fr', mailmadame: '', telephonemonsieur: '06 12 34 56 78', telephonemadame: '' };

  it('requires phone 1 and checks phone 2 when given', () => {
    expect(clientProfileFormSchema.safeParse(valid).success).toBe(true);
    const noPhone = clientProfileFormSchema.safeParse({ ...valid, telephonemonsieur: '' });
    expect(noPhone.success || noPhone.error.issues[0].message).toBe(messages.phoneInvalid);
    const badSecond = clientProfileFormSchema.safeParse({ ...valid, telephonemadame: '12' });
    expect(badSecond.success || badSecond.error.issues[0].message).toBe(messages.phoneInvalid);
  });

  it("says 'Email invalide' for a wrong e-mail", () => {
    const parsed = clientProfileFormSchema.safeParse({ ...valid, mailmadame: 'nope' });
    expect(parsed.success || parsed.error.issues[0].message).toBe('Email invalide');
  });
});

describe('program settings form (part 3 §5)', () => {
  const valid = {
    name: 'Les Jardins',
    promoterUrl: 'https://www.exemple.fr',
    mailrespclient: 'contact@exemple.fr',
    adressenumero: '12',
    adresserue: 'rue des Tilleuls',
    adressecodepostal: '69003',
    adresseville: 'Lyon',
    adressepays: '',
    colors: ['rgb(67, 99, 134)'],
    isArchived: false,
  };
  const messageOf = (patch: object) => {
    const parsed = settingsFormSchema.safeParse({ ...valid, ...patch });
    return parsed.success ? undefined : parsed.error.issues[0].message;
  };

  it('checks the web address and the e-mail with the exact messages', () => {
    expect(messageOf({})).toBeUndefined();
    expect(messageOf({ promoterUrl: 'exemple' })).toBe('Veuillez renseigner une adresse internet valide');
    expect(messageOf({ mailrespclient: 'contact' })).toBe('Veuillez renseigner une adresse mail valide');
    expect(messageOf({ promoterUrl: '', mailrespclient: '' })).toBeUndefined();
  });

  it('requires the name, the address and a colour; leaves the street number format to the server', () => {
    expect(messageOf({ name: ' ' })).toBe('Obligatoire');
    expect(messageOf({ adresserue: '' })).toBe('Obligatoire');
    expect(messageOf({ adressenumero: '' })).toBe('Obligatoire');
    expect(messageOf({ colors: [] })).toBe('Obligatoire');
    expect(messageOf({ adressenumero: 'douze' })).toBeUndefined();
  });
});

describe('program colours (part 2 §9, part 3 §9)', () => {
  it('offers 31 preset colours, the primary one first', () => {
    expect(presetColors).toHaveLength(31);
    expect(new Set(presetColors).size).toBe(31);
    expect(presetColors[0]).toBe('rgb(67, 99, 134)');
  });

  it('converts between the colour input and rgb strings', () => {
    expect(hexToRgb('#436386')).toBe('rgb(67, 99, 134)');
    expect(rgbToHex('rgb(67, 99, 134)')).toBe('#436386');
  });

  it('keeps recent colours newest first without duplicates', () => {
    expect(withRecentColor(['rgb(1, 1, 1)', 'rgb(2, 2, 2)'], 'rgb(2, 2, 2)')).toEqual(['rgb(2, 2, 2)', 'rgb(1, 1, 1)']);
    expect(parseRecentColors('not json')).toEqual([]);
  });
});

describe('breadcrumbs of program pages (part 1 §2)', () => {
  it('shows the program name and names the client page', () => {
    const id = '0123456789abcdef01234567';
    expect(buildBreadcrumbs(`/projets/${id}/clients/aaaaaaaaaaaaaaaaaaaaaaaa`, { id, name: 'Les Jardins' }).map((crumb) => crumb.text)).toEqual([
      'Livrea',
      'Programmes',
      'Les Jardins',
      'Lots',
      'Données client',
    ]);
  });
});
