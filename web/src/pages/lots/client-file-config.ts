import { acceptOf, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { importMessages } from '../../../../shared/messages/lots';
import { clientFilePageMessages as clientFileMessages } from '../../../../shared/messages/lots';

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

/** '0 lot', '1 lot', '2 lots' (French: singular up to one). */
export function lotsLabel(count: number): string {
  return count <= 1 ? `${count} lot` : `${count} lots`;
}
