import type { FileUploadProps } from '@cloudscape-design/components/file-upload';
import { formatFileSize } from '../../../shared/i18n/file-size';

/** French labels of Cloudscape's FileUpload. */
export function fileUploadStrings(uploadButtonText: string, dropzoneText = 'Déposez un fichier ici'): FileUploadProps.I18nStrings {
  return {
    uploadButtonText: () => uploadButtonText,
    dropzoneText: () => dropzoneText,
    removeFileAriaLabel: () => 'Retirer le fichier',
    limitShowFewer: 'Voir moins',
    limitShowMore: 'Voir plus',
    errorIconAriaLabel: 'Erreur',
    warningIconAriaLabel: 'Avertissement',
    formatFileSize, // '7,07 Ko'
  };
}
