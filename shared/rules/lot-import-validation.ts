import { lotImportColumns, type LotImportField, type LotImportRow } from '../domain/lot';
import { typologies } from '../domain/typology';
import { inputBounds } from '../domain/input-bounds';
import { messages } from '../messages/common';
import { isValidPhone } from './phone';
import { importMessages } from '../messages/lots';

/** One problem of a client file, located by its spreadsheet row and column (part 2 §8 'Détails de l'erreur'). */
export interface ImportCellError {
  row: number;
  column: string;
  field: LotImportField | '';
  message: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Header cells compared without case, accents, stars or extra spaces ('Lot comm *' = 'lot comm'). */
function normalizeHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function checkHeaders(headers: string[]): ImportCellError[] {
  return lotImportColumns.flatMap((column, index) => {
    const found = headers[index] ?? '';
    return normalizeHeader(found) === column.header
      ? []
      : [{ row: 1, column: column.header, field: column.field, message: importMessages.header(column.header, found) }];
  });
}

export function normalizeTypology(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^t(\d)$/, '$1p');
}

/**
 * Checks every row (first data row is spreadsheet row 2): mandatory columns, typology, phones,
 * e-mails, and duplicates of lot comm and main e-mail inside the file.
 */
export function validateImportRows(rows: { row: number; values: LotImportRow }[]): ImportCellError[] {
  const errors: ImportCellError[] = [];
  const seenLots = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const add = (row: number, field: LotImportField, message: string) => {
    const column = lotImportColumns.find((candidate) => candidate.field === field)!;
    errors.push({ row, column: column.header, field, message });
  };
  for (const { row, values } of rows) {
    for (const column of lotImportColumns) {
      if (column.required && !values[column.field].trim()) add(row, column.field, importMessages.required);
    }
    const typology = normalizeTypology(values.typologie);
    if (typology && !(typologies as readonly string[]).includes(typology)) add(row, 'typologie', importMessages.typology);
    for (const field of ['telephonemonsieur', 'telephonemadame'] as const) {
      if (values[field].trim() && !isValidPhone(values[field])) add(row, field, messages.phoneInvalid);
    }
    for (const field of ['mailmonsieur', 'mailmadame'] as const) {
      const email = values[field].trim();
      // 254 characters at most (RFC 5321): a longer one cannot even be a key of the table.
      if (email && (email.length > inputBounds.emailLength || !emailPattern.test(email))) add(row, field, messages.emailInvalid);
    }
    const lot = values.lotcomm.trim().toLowerCase();
    if (lot) {
      const first = seenLots.get(lot);
      if (first !== undefined) add(row, 'lotcomm', importMessages.duplicateLot(first));
      else seenLots.set(lot, row);
    }
    const email = values.mailmonsieur.trim().toLowerCase();
    if (email) {
      const first = seenEmails.get(email);
      if (first !== undefined) add(row, 'mailmonsieur', importMessages.duplicateEmail(first));
      else seenEmails.set(email, row);
    }
  }
  return errors;
}
