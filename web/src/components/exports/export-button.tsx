import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperationStarted } from '../../../../shared/domain/operation';
import { exportMessages, exportModalMessages, exportOperationMessages } from '../../../../shared/messages/exports';
import { errorMessage } from '../../api/api-error';
import { followDownloadLink, type DownloadLink } from '../../api/download-link';
import { exportFileLink, exportQueries, fetchExportFile, requestExport } from '../../api/export-queries';
import { useOperationStart } from '../../api/operation-queries';
import { rememberedOperation } from '../../api/operation-start';
import { saveBlob } from '../../api/save-blob';
import { notify } from '../../app/notifications-store';
import { OperationProgress } from '../operations/operation-progress';
import {
  defaultExportOptions,
  exportErrorOf,
  exportFiles,
  exportMayBeOperation,
  exportOperationScope,
  PDF_DOWNLOAD_SPACING_MS,
  spacedDownloads,
  type ExportFile,
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
  // A big planning's file is an operation's (202): followed until stored, then saved like the others.
  const link = await exportFileLink(path);
  return () => followDownloadLink(link);
}

/**
 * What `useOperationStart` is told when a small export answered its link at once: nothing to
 * follow, the file is saved (not a failure: never shown).
 */
class SavedAtOnce extends Error {
  constructor(readonly link: DownloadLink) {
    super('saved at once');
  }
}

/** The link to a done export's file (GET /operations/{id}/file), renewed before it expires. */
function OperationFileLink({ operationId }: { operationId: string }) {
  const file = useQuery(exportQueries.operationFile(operationId));
  if (file.error) return <>{errorMessage(file.error)}</>;
  return (
    <SpaceBetween size="xs">
      <span>{exportOperationMessages.ready}</span>
      <Button
        iconName="download"
        href={file.data?.url}
        download={file.data?.filename ?? true}
        loading={!file.data}
        ariaLabel={exportOperationMessages.download}
      >
        {exportOperationMessages.download}
      </Button>
    </SpaceBetween>
  );
}

/**
 * 'Exporter' and its options modal (part 2 §2.9): the files are asked for with the session (PDF
 * from the renderer, XLSX, ICS) and saved; per-AMO PDFs render in parallel and are saved 500 ms
 * apart (part 2 §9). Failures show 'Erreur lors de l'export PDF du planning' / '… XLS …' (part 2 §8)
 * in the modal, with the server's message under it. Above 150 buyers the PDF or the spreadsheet is
 * a `planning-export` operation (docs/architecture.md « Exports of big plannings »): one
 * Idempotency-Key per click, its progress (« Préparation du PDF… »), then the file's link, all found
 * again when the modal opens after a reload.
 */
export function ExportButton({ target, fileTypes = ['pdf', 'xlsx', 'ics'], initial, amos = [], meetings = [], formats, disabled, onOpen }: ExportButtonProps) {
  const scope = exportOperationScope(target);
  // An export still followed (a reload while it ran) opens the modal that shows it.
  const [open, setOpen] = useState(() => rememberedOperation(scope) !== undefined);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<ExportModalProps['failure']>(null);
  const bigFile = useRef<(ExportFile & { fileType: ExportFileType }) | null>(null);
  const send = useCallback(async (idempotencyKey: string): Promise<OperationStarted> => {
    if (!bigFile.current) throw new Error('no export requested');
    const answer = await requestExport(bigFile.current.path, idempotencyKey);
    if ('operation' in answer) return answer;
    throw new SavedAtOnce(answer);
  }, []);
  const bigExport = useOperationStart({ scope, send });
  const operationRunning = bigExport.phase === 'sending' || bigExport.phase === 'continuing' || bigExport.phase === 'following';

  const fail = useCallback((fileType: ExportFileType, error: unknown) => {
    const header = exportErrorOf(fileType, exportMessages);
    // Part 2 §8: ICS errors are only logged; the server's message is shown when there is one.
    if (!header) console.error('export ICS', error);
    // Shown in the modal, which stays open: the public viewer has no notification area.
    const detail = errorMessage(error, header ?? undefined);
    setFailure({ header: header ?? detail, content: header && detail !== header ? detail : null });
  }, []);

  // A small export answered its link: saved, the modal closes. A refusal shows as any export's (part 2 §8).
  const { error: startError, dismiss } = bigExport;
  useEffect(() => {
    if (!startError || !bigFile.current) return;
    dismiss();
    if (startError instanceof SavedAtOnce) {
      followDownloadLink(startError.link);
      setOpen(false);
      notify({ type: 'success', content: exportModalMessages.done });
    } else fail(bigFile.current.fileType, startError);
  }, [startError, dismiss, fail]);

  const run = async (options: ExportOptions) => {
    const files = exportFiles(target, options);
    setFailure(null);
    if (exportMayBeOperation(files, options)) {
      bigExport.dismiss();
      bigFile.current = { ...files[0], fileType: options.fileType };
      await bigExport.start();
      return;
    }
    setProgress({ done: 0, total: files.length });
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
      notify({ type: 'success', content: files.length > 1 ? exportModalMessages.filesExported(files.length) : exportModalMessages.done });
    } catch (error) {
      fail(options.fileType, error);
    } finally {
      setProgress(null);
    }
  };

  const operationShown = bigExport.phase !== 'idle';
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
        {exportModalMessages.export}
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
          operationRunning={operationRunning}
          operation={
            operationShown && (
              <OperationProgress
                title={exportModalMessages.operationTitle}
                phase={bigExport.phase}
                operation={bigExport.operation}
                resultText={() => (bigExport.operation ? <OperationFileLink operationId={bigExport.operation.id} /> : null)}
                onDismiss={bigExport.dismiss}
              />
            )
          }
          onExport={(options) => void run(options)}
          onDismiss={() => {
            setOpen(false);
            setFailure(null);
            // A running export is found again when the page opens; one that has ended is put away
            // with its modal, or the modal would open by itself at every visit of the planning.
            if (bigExport.phase === 'done' || bigExport.phase === 'failed') bigExport.dismiss();
          }}
        />
      )}
    </>
  );
}
