import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { exportMessages } from '../../../../shared/messages/exports';
import { errorMessage } from '../../api/api-error';
import { followDownloadLink, requestDownloadLink } from '../../api/download-link';
import { fetchExportFile } from '../../api/export-queries';
import { saveBlob } from '../../api/save-blob';
import { notify } from '../../app/notifications-store';
import {
  defaultExportOptions,
  exportErrorOf,
  exportFiles,
  PDF_DOWNLOAD_SPACING_MS,
  spacedDownloads,
  type ExportFileType,
  type ExportOptions,
  type ExportTarget,
} from './export-config';
import { ExportModal, type ExportModalProps } from './export-modal';

export interface ExportButtonProps {
  target: ExportTarget;
  fileTypes?: readonly ExportFileType[];
  /** Defaults of the modal (the consolidated view prints in lotTypo, part 2 §2.8). */
  initial?: Partial<ExportOptions>;
  amos?: ExportModalProps['amos'];
  meetings?: ExportModalProps['meetings'];
  formats?: ExportModalProps['formats'];
  disabled?: boolean;
  /** The modal opens (a caller that reads `meetings` only then). */
  onOpen?: () => void;
}

/**
 * The save of one export: PDF and XLSX come as short-lived links to the file store (a Lambda answer
 * stops at 6 MB), followed by the browser; a calendar is small text, answered as such.
 */
async function fetchExport(path: string, fileType: ExportOptions['fileType'], filename: string): Promise<() => void> {
  if (fileType === 'ics') {
    const blob = await fetchExportFile(path);
    return () => saveBlob(blob, filename);
  }
  const link = await requestDownloadLink(path);
  return () => followDownloadLink(link);
}

/**
 * 'Exporter' and its options modal (part 2 §2.9): the files are asked for with the session (PDF
 * from the renderer, XLSX, ICS) and saved; per-AMO PDFs render in parallel and are saved 500 ms
 * apart (part 2 §9). Failures show 'Erreur lors de l'export PDF du planning' / '… XLS …' (part 2 §8)
 * in the modal, with the server's message under it.
 */
export function ExportButton({ target, fileTypes = ['pdf', 'xlsx', 'ics'], initial, amos = [], meetings = [], formats, disabled, onOpen }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<ExportModalProps['failure']>(null);

  const run = async (options: ExportOptions) => {
    const files = exportFiles(target, options);
    setProgress({ done: 0, total: files.length });
    setFailure(null);
    try {
      await spacedDownloads(
        files.map((file) => () => fetchExport(file.path, options.fileType, file.filename)),
        (save, index) => {
          save();
          setProgress({ done: index + 1, total: files.length });
        },
        PDF_DOWNLOAD_SPACING_MS,
      );
      setOpen(false);
      notify({ type: 'success', content: files.length > 1 ? `${files.length} fichiers exportés.` : 'Export terminé.' });
    } catch (error) {
      const header = exportErrorOf(options.fileType, exportMessages);
      // Part 2 §8: ICS errors are only logged; the server's message is shown when there is one.
      if (!header) console.error('export ICS', error);
      // Shown in the modal, which stays open: the public viewer has no notification area.
      const detail = errorMessage(error, header ?? undefined);
      setFailure({ header: header ?? detail, content: header && detail !== header ? detail : null });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        iconName="download"
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        Exporter
      </Button>
      {open && (
        <ExportModal
          fileTypes={fileTypes}
          initial={{ ...defaultExportOptions, fileType: fileTypes[0], ...initial }}
          amos={amos}
          meetings={meetings}
          formats={formats}
          progress={progress}
          failure={failure}
          onExport={(options) => void run(options)}
          onDismiss={() => {
            setOpen(false);
            setFailure(null);
          }}
        />
      )}
    </>
  );
}
