import type { FileUploadProps } from '@cloudscape-design/components/file-upload';
import { formatFileSize } from '../../../shared/i18n/file-size';
import { fileUploadMessages } from '../../../shared/messages/controls';

/** French labels of Cloudscape's FileUpload. */
export function fileUploadStrings(uploadButtonText: string, dropzoneText: string = fileUploadMessages.dropzone): FileUploadProps.I18nStrings {
  return {
    uploadButtonText: () => uploadButtonText,
    dropzoneText: () => dropzoneText,
    removeFileAriaLabel: () => fileUploadMessages.removeFile,
    limitShowFewer: fileUploadMessages.showFewer,
    limitShowMore: fileUploadMessages.showMore,
    errorIconAriaLabel: fileUploadMessages.error,
    warningIconAriaLabel: fileUploadMessages.warning,
    formatFileSize, // '7,07 Ko'
  };
}
