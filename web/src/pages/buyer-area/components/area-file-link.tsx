import Link from '@cloudscape-design/components/link';
import type { AreaFile } from '../../../../../shared/domain/buyer-area';

/**
 * A file of the buyer area, opened through its signed link (10 minutes, no session needed): images
 * show inline in a new tab, other files download under their name (the server answers them as an
 * attachment).
 */
export function AreaFileLink({ file }: { file: AreaFile }) {
  const isImage = file.contentType.startsWith('image/');
  return (
    <Link href={file.url} external={isImage} externalIconAriaLabel="(nouvel onglet)">
      {file.metadata.originalname}
    </Link>
  );
}
