import ExcelJS from 'exceljs';
import { lotImportColumns } from '../../../shared/domain/lot';

/** The downloadable model: sheet 'clients' with the 14 headers in order, mandatory ones starred, and one example row. */
export async function buildClientFileModel(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('clients');
  sheet.addRow(lotImportColumns.map((column) => (column.required ? `${column.header} *` : column.header)));
  sheet.addRow(['101', 'A001', 'Madame', 'Dupont Marie', '3 rue des Lilas', '69003', 'Lyon', '0612345678', '', 'marie.dupont@exemple.fr', '', '3p', 'A', '0']);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
