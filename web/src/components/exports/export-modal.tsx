import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useId, useState, type ReactNode } from 'react';
import { printViews, type PrintView } from '../../../../shared/exports/print-spec';
import type { TitleFormat } from '../../../../shared/exports/title-format';
import { exportModalMessages as texts } from '../../../../shared/messages/exports';
import { fileTypeLabels, titleFormatOptions, viewLabels, type ExportAmo, type ExportFileType, type ExportOptions } from './export-config';

export interface ExportModalProps {
  fileTypes: readonly ExportFileType[];
  initial: ExportOptions;
  /** The planning's AMOs by index ('Prénom Nom'), empty when none is assigned. */
  amos: readonly string[];
  /** Booked visits for the one-meeting calendar: uuid and a label ('A101 - Dupont · 10/03/2027 10:00'). */
  meetings: readonly { uuid: string; label: string }[];
  /** The title formats offered (all by default); with one, no choice is shown. */
  formats?: readonly TitleFormat[];
  /** While the files are produced: how many are saved out of how many. */
  progress: { done: number; total: number } | null;
  /** The last export's failure: the header of part 2 §8 and the server's message. */
  failure: { header: string; content: string | null } | null;
  /** A big export's operation (above 150 buyers, docs/api.md): its progress, then its file's link. */
  operation?: ReactNode;
  /** While that operation runs: the options wait for it. */
  operationRunning?: boolean;
  onExport: (options: ExportOptions) => void;
  onDismiss: () => void;
}

const amoValue = (amo: ExportAmo) => String(amo);
const amoFrom = (value: string | undefined): ExportAmo =>
  value === 'all' || value === 'each' || value === undefined ? ((value ?? 'all') as 'all' | 'each') : Number(value);

/**
 * The export options modal (part 2 §2.10 'export options', §2.9): file type, title format, AMO (one
 * PDF per AMO possible), calendar view, RDV Libre; a progress bar while the PDF renders.
 */
export function ExportModal({
  fileTypes,
  initial,
  amos,
  meetings,
  formats,
  progress,
  failure,
  operation,
  operationRunning = false,
  onExport,
  onDismiss,
}: ExportModalProps) {
  const [options, setOptions] = useState<ExportOptions>(initial);
  const viewLabelId = useId();
  const set = (patch: Partial<ExportOptions>) => setOptions((current) => ({ ...current, ...patch }));
  const running = progress !== null || operationRunning;
  const isPdf = options.fileType === 'pdf';
  const formatOptions = formats ? titleFormatOptions.filter((option) => formats.includes(option.value)) : titleFormatOptions;

  const amoOptions: SelectProps.Option[] = [
    { value: 'all', label: texts.allAmos },
    ...(isPdf && amos.length > 1 ? [{ value: 'each', label: texts.onePdfPerAmo, description: texts.fileCount(amos.length) }] : []),
    ...amos.map((name, amoNb) => ({ value: String(amoNb), label: name })),
  ];
  const meetingOptions: SelectProps.Option[] = [
    { value: '', label: texts.allMeetings },
    ...meetings.map((meeting) => ({ value: meeting.uuid, label: meeting.label })),
  ];
  const showAmo = amos.length > 0 && options.fileType !== 'xlsx' && !options.meetingUuid;

  return (
    <Modal
      visible
      header={texts.title}
      closeAriaLabel="Fermer"
      // A big export's operation goes on without the modal (found again when it opens).
      onDismiss={() => progress === null && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={progress !== null} onClick={onDismiss}>
              {operationRunning ? 'Fermer' : 'Annuler'}
            </Button>
            <Button variant="primary" loading={running} onClick={() => onExport(options)}>
              {texts.export}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        {fileTypes.length > 1 && (
          <FormField label={texts.fileType}>
            <RadioGroup
              value={options.fileType}
              onChange={({ detail }) => {
                const fileType = detail.value as ExportFileType;
                set({
                  fileType,
                  amo: options.amo === 'each' && fileType !== 'pdf' ? 'all' : options.amo,
                  meetingUuid: fileType === 'ics' ? options.meetingUuid : '',
                });
              }}
              items={fileTypes.map((fileType) => ({ value: fileType, label: fileTypeLabels[fileType], disabled: running }))}
            />
          </FormField>
        )}
        {formatOptions.length > 1 && (
          <FormField label={texts.titleFormat} description={texts.titleFormatHelp}>
            <Select
              selectedOption={formatOptions.find((option) => option.value === options.format) ?? formatOptions[0]}
              options={formatOptions}
              disabled={running}
              onChange={({ detail }) => set({ format: detail.selectedOption.value as TitleFormat })}
            />
          </FormField>
        )}
        {options.fileType === 'ics' && meetings.length > 0 && (
          <FormField label={texts.meeting}>
            <Select
              selectedOption={meetingOptions.find((option) => option.value === options.meetingUuid) ?? meetingOptions[0]}
              options={meetingOptions}
              filteringType="auto"
              disabled={running}
              onChange={({ detail }) => set({ meetingUuid: detail.selectedOption.value ?? '' })}
            />
          </FormField>
        )}
        {showAmo && (
          <FormField label="AMO">
            <Select
              selectedOption={amoOptions.find((option) => option.value === amoValue(options.amo)) ?? amoOptions[0]}
              options={amoOptions}
              disabled={running}
              onChange={({ detail }) => set({ amo: amoFrom(detail.selectedOption.value) })}
            />
          </FormField>
        )}
        {isPdf && (
          <FormField label={<span id={viewLabelId}>{texts.view}</span>}>
            {/* Named by the field's label: its own `label` is shown again above the select a narrow screen turns it into (« Vue » twice at 390 px). */}
            <SegmentedControl
              ariaLabelledby={viewLabelId}
              selectedId={options.view}
              options={printViews.map((view) => ({ id: view, text: viewLabels[view], disabled: running }))}
              onChange={({ detail }) => set({ view: detail.selectedId as PrintView })}
            />
          </FormField>
        )}
        {isPdf && (
          <Toggle checked={options.showFreeMeetings} disabled={running} onChange={({ detail }) => set({ showFreeMeetings: detail.checked })}>
            {texts.showFreeMeetings}
          </Toggle>
        )}
        {failure && !progress && (
          <Alert type="error" header={failure.header}>
            {failure.content}
          </Alert>
        )}
        {operation}
        {progress && (
          <ProgressBar
            label={isPdf ? texts.renderingPdf : texts.preparingFile}
            description={isPdf ? texts.renderingPdfHelp : undefined}
            value={Math.round(((progress.done + 0.5) / progress.total) * 100)}
            additionalInfo={texts.filesSaved(progress.done, progress.total)}
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
