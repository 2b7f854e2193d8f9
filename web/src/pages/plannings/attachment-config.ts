/** The invitation attachment (part 2 §5): one file, pdf, doc, docx, xls, xlsx, png, jpeg, 10 MB at most. */
export const attachmentRules = {
  maxBytes: 10 * 1024 * 1024,
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'png', 'jpeg', 'jpg'],
  typeMessage: 'Format de fichier non autorisé.',
  sizeMessage: 'Fichier trop volumineux (max 10 Mo).',
} as const;

/** The refusal of a chosen file, or null when it may be sent. */
export function attachmentCheck(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(attachmentRules.extensions as readonly string[]).includes(extension)) return attachmentRules.typeMessage;
  if (file.size > attachmentRules.maxBytes) return attachmentRules.sizeMessage;
  return null;
}

/** The promoter logo shown with the virtual-visit text: png or jpeg, 10 MB at most. */
export function logoCheck(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!['png', 'jpg', 'jpeg'].includes(extension)) return 'Le logo doit être une image png ou jpeg.';
  if (file.size > attachmentRules.maxBytes) return attachmentRules.sizeMessage;
  return null;
}
