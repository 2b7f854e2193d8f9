import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import type { Planning } from '../../../../shared/domain/planning';
import type { ShiftPreview, ShiftRequest } from '../../../../shared/domain/planning-shift';
import { formatFrenchDay, formatFrenchInstant } from '../../../../shared/i18n/french-dates';
import { FrenchDateInput } from '../french-date-input';
import { ActionModal } from './action-modal';
import { planningDays, shiftRequestOf, type ShiftForm } from './shift-days-config';
import { shiftDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';
import { shortNoticeMessages } from '../../../../shared/messages/short-notice';

export interface ShiftDaysModalProps {
  planning: Planning;
  amoLabel: (amoNb: number | null) => string;
  pending: boolean;
  error: string | null;
  /** Reads the preview of a request (nothing written). */
  onPreview: (request: ShiftRequest) => Promise<ShiftPreview | null>;
  onConfirm: (request: ShiftRequest) => void;
  onDismiss: () => void;
}

/**
 * 'Décaler' (the site slips): choose the days and their new dates, see who moves where and who
 * cannot be kept (with the reason), then confirm; every moved buyer gets one message.
 */
export function ShiftDaysModal({ planning, amoLabel, pending, error, onPreview, onConfirm, onDismiss }: ShiftDaysModalProps) {
  const days = planningDays(planning.events);
  const [form, setForm] = useState<ShiftForm>({ mode: 'from', from: days[0] ?? '', to: '', days: {} });
  const [preview, setPreview] = useState<{ request: ShiftRequest; answer: ShiftPreview } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const imposed = planning.templateType === 'promoterImpose';
  const edit = (next: Partial<ShiftForm>) => {
    setForm({ ...form, ...next });
    setPreview(null);
    setFormError(null);
  };
  const dayOptions = days.map((day) => ({ value: day, label: formatFrenchDay(day) }));

  const submit = async () => {
    // The strand and notice warnings were read in the preview: confirming is the staff's confirmation
    // (part 2 §5; docs/user-guide.md « Délai de convocation »).
    if (preview)
      return onConfirm({
        ...preview.request,
        ...(preview.answer.strandWarning || preview.answer.strandedElsewhere?.length ? { confirmStrand: true } : {}),
        ...(preview.answer.shortNotice ? { confirmShortNotice: true } : {}),
        ...(preview.answer.nonWorkingDays.length > 0 ? { confirmNonWorkingDays: true } : {}),
        ...(preview.answer.amoElsewhere?.length ? { confirmElsewhere: true } : {}),
      });
    const made = shiftRequestOf(form);
    if ('error' in made) return setFormError(made.error);
    const answer = await onPreview(made.request);
    if (answer) setPreview({ request: made.request, answer });
  };

  return (
    <ActionModal
      header={shiftDialogMessages.title}
      size="large"
      confirmLabel={preview ? shiftDialogMessages.confirm : shiftDialogMessages.preview}
      pending={pending}
      error={formError ?? error}
      onConfirm={() => void submit()}
      onDismiss={onDismiss}
    >
      <Box variant="p">{shiftDialogMessages.intro}</Box>
      <SegmentedControl
        selectedId={form.mode}
        label={shiftDialogMessages.which}
        onChange={({ detail }) => edit({ mode: detail.selectedId as ShiftForm['mode'] })}
        options={[
          { id: 'from', text: shiftDialogMessages.fromDate },
          { id: 'days', text: shiftDialogMessages.chosenDays },
        ]}
      />
      {form.mode === 'from' ? (
        <SpaceBetween direction="horizontal" size="l">
          <FormField label={shiftDialogMessages.firstDay}>
            <Select
              selectedOption={dayOptions.find((option) => option.value === form.from) ?? null}
              options={dayOptions}
              onChange={({ detail }) => edit({ from: detail.selectedOption.value ?? '' })}
              placeholder={shiftDialogMessages.pickDay}
            />
          </FormField>
          <FormField label={shiftDialogMessages.newDateOfDay} description={shiftDialogMessages.nextDaysFollow}>
            <FrenchDateInput value={form.to} onChange={(to) => edit({ to })} ariaLabel={shiftDialogMessages.newDateOfFirst} />
          </FormField>
        </SpaceBetween>
      ) : (
        <SpaceBetween size="s">
          {days.map((day) => {
            const chosen = day in form.days;
            return (
              <SpaceBetween key={day} direction="horizontal" size="m" alignItems="center">
                <Checkbox
                  checked={chosen}
                  onChange={({ detail }) => {
                    const next = { ...form.days };
                    if (detail.checked) next[day] = '';
                    else delete next[day];
                    edit({ days: next });
                  }}
                >
                  {formatFrenchDay(day)}
                </Checkbox>
                {chosen && (
                  <FrenchDateInput
                    value={form.days[day]}
                    onChange={(to) => edit({ days: { ...form.days, [day]: to } })}
                    ariaLabel={shiftDialogMessages.newDateOf(formatFrenchDay(day))}
                  />
                )}
              </SpaceBetween>
            );
          })}
        </SpaceBetween>
      )}
      {preview && <ShiftPreviewTables preview={preview.answer} imposed={imposed} amoLabel={amoLabel} />}
    </ActionModal>
  );
}

function ShiftPreviewTables({ preview, imposed, amoLabel }: { preview: ShiftPreview; imposed: boolean; amoLabel: (amoNb: number | null) => string }) {
  const { moves, dropped } = preview;
  return (
    <SpaceBetween size="m">
      <Alert type={dropped.length > 0 ? 'warning' : 'info'} header={shiftDialogMessages.summary(moves.length, dropped.length)}>
        {imposed ? shiftDialogMessages.imposedNotice : shiftDialogMessages.freeNotice}
        {dropped.length > 0 && shiftDialogMessages.droppedNotice}
        {preview.deadlineNote && ` ${preview.deadlineNote}`}
      </Alert>
      {preview.nonWorkingWarning && (
        <Alert type="warning" statusIconAriaLabel={planningDialogCommon.attentionIcon} header={shiftDialogMessages.nonWorkingDays}>
          {preview.nonWorkingWarning}
        </Alert>
      )}
      {preview.amoElsewhere && preview.amoElsewhere.length > 0 && (
        <Alert type="warning" statusIconAriaLabel={planningDialogCommon.attentionIcon} header={amoCalendarMessages.elsewhereHeader}>
          <ul>
            {preview.amoElsewhere.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {preview.strandedElsewhere && preview.strandedElsewhere.length > 0 && (
        <Alert type="warning" statusIconAriaLabel={planningDialogCommon.attentionIcon} header={amoCalendarMessages.strandingHeader}>
          <ul>
            {preview.strandedElsewhere.map((strand) => (
              <li key={strand.planningName}>{strand.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {preview.strandWarning && (
        <Alert type="warning" statusIconAriaLabel={planningDialogCommon.attentionIcon}>
          {preview.strandWarning}
        </Alert>
      )}
      {preview.shortNoticeWarning && (
        <Alert
          type="warning"
          statusIconAriaLabel={planningDialogCommon.attentionIcon}
          header={preview.shortNotice && shortNoticeMessages.title(preview.shortNotice.days)}
        >
          {preview.shortNoticeWarning}
          {shiftDialogMessages.shortNoticeConfirms}
        </Alert>
      )}
      <Table
        variant="embedded"
        header={<Box variant="h3">{shiftDialogMessages.moved}</Box>}
        items={moves}
        trackBy="uuid"
        empty={<Box color="text-body-secondary">{shiftDialogMessages.nobodyMoved}</Box>}
        columnDefinitions={[
          { id: 'lot', header: planningDialogCommon.lot, cell: (move) => move.lotcomm },
          { id: 'nom', header: planningDialogCommon.buyer, cell: (move) => move.nom },
          { id: 'from', header: shiftDialogMessages.before, cell: (move) => formatFrenchInstant(move.fromStart) },
          { id: 'to', header: shiftDialogMessages.after, cell: (move) => formatFrenchInstant(move.toStart) },
          {
            id: 'amo',
            header: 'AMO',
            cell: (move) =>
              move.amoNb === move.fromAmoNb ? amoLabel(move.amoNb) : shiftDialogMessages.insteadOf(amoLabel(move.amoNb), amoLabel(move.fromAmoNb)),
          },
        ]}
      />
      {dropped.length > 0 && (
        <Table
          variant="embedded"
          header={<Box variant="h3">{shiftDialogMessages.dropped}</Box>}
          items={dropped}
          trackBy="uuid"
          columnDefinitions={[
            { id: 'lot', header: planningDialogCommon.lot, cell: (drop) => drop.lotcomm },
            { id: 'nom', header: planningDialogCommon.buyer, cell: (drop) => drop.nom },
            { id: 'from', header: shiftDialogMessages.meeting, cell: (drop) => formatFrenchInstant(drop.fromStart) },
            { id: 'reason', header: shiftDialogMessages.reason, cell: (drop) => drop.reason },
          ]}
        />
      )}
    </SpaceBetween>
  );
}
