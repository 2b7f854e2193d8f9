import { acceptOf, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { importMessages } from '../../../../shared/messages/lots';
import { clientFilePageMessages as clientFileMessages } from '../../../../shared/messages/lots';
import { lotListMessages } from '../../../../shared/messages/lot-pages';

/** Client file checks of part 2 §5 (the server checks again). */
export const clientFileAccept = acceptOf(uploadLimits.clientFile);

/** The message for a missing or wrongly typed file, or undefined when it may be sent. */
export function clientFileError(file: File | undefined): string | undefined {
  if (!file) return clientFileMessages.noFile;
  if (!/\.xlsx?$/i.test(file.name)) return clientFileMessages.wrongFormat;
  // Refused before sending: the server cannot read the old binary format (it says so too).
  if (/\.xls$/i.test(file.name)) return importMessages.xlsUnsupported;
  return uploadRefusal(file, uploadLimits.clientFile);
}

const frenchCount = new Intl.NumberFormat('fr-FR');

/** '0 lot', '1 lot', '2 lots', '10 000 lots' (French: singular up to one, thousands apart as the progress bar writes them). */
export function lotsLabel(count: number): string {
  return count <= 1 ? `${count} lot` : `${frenchCount.format(count)} lots`;
}

/** 'Liste des Lots (count)' of part 2 §2.1, the count written as the import's figures are (« 10 000 », not « 10000 »). */
export function lotListTitle(count: number): string {
  return lotListMessages.title(frenchCount.format(count));
}
