import Box from '@cloudscape-design/components/box';
import type { FreeMeeting, Meeting, Planning } from '../../../../shared/domain/planning';
import { planningActions } from '../../api/planning-detail-queries';
import { ActionModal } from '../../components/planning-detail/action-modal';
import { parisInstant, parisParts } from '../../components/planning-detail/calendar-config';
import { FreeMeetingModal, freeMeetingEnd, type FreeMeetingForm } from '../../components/planning-detail/free-meeting-modal';
import { MoveModal } from '../../components/planning-detail/move-modal';
import { useDialogCall } from '../../components/planning-detail/use-dialog-call';
import { VisitModal, type VisitAction } from '../../components/planning-detail/visit-modal';
import { FREE_MEETING_COLORS } from './planning-detail-config';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningCalendarMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

export type CalendarDialog =
  | { kind: 'visit'; meeting: Meeting }
  | { kind: 'move'; meeting: Meeting; initial: { date: string; time: string }; revert?: () => void }
  | { kind: 'free'; mode: 'create' | 'edit'; freeMeeting?: FreeMeeting; initial: FreeMeetingForm }
  | { kind: 'delete-free'; freeMeeting: FreeMeeting };

export interface CalendarDialogsProps {
  dialog: CalendarDialog | null;
  planning: Planning;
  amoLabel: (amoNb: number | null) => string;
  run: <R>(call: () => Promise<R>, refreshLater?: boolean) => Promise<R>;
  pending: boolean;
  onChange: (dialog: CalendarDialog | null) => void;
  /** Buyer actions handled by the page (edit, history, cancel). */
  onVisitAction: (action: Exclude<VisitAction, 'move'>, meeting: Meeting) => void;
}

const freeBody = (form: FreeMeetingForm) => ({
  name: form.name,
  start: parisInstant(form.date, form.time),
  end: parisInstant(form.date, freeMeetingEnd(form)),
  color: form.color,
});

/** The calendar's dialogs (part 2 §4 'Moving', 'Free-meeting deletion'): a visit's actions, its move, a RDV Libre's form and deletion. */
export function CalendarDialogs({ dialog, planning, amoLabel, run, pending, onChange, onVisitAction }: CalendarDialogsProps) {
  const { error, strand, close, submit, dropStrandWarning } = useDialogCall(run, () => onChange(null));
  if (!dialog) return null;
  return (
    <>
      {dialog.kind === 'visit' && (
        <VisitModal
          meeting={dialog.meeting}
          amo={amoLabel(dialog.meeting.amoNb)}
          onAction={(action) => {
            const { meeting } = dialog;
            if (action === 'move') return onChange({ kind: 'move', meeting, initial: parisParts(meeting.start!) });
            close();
            onVisitAction(action, meeting);
          }}
          onDismiss={close}
        />
      )}
      {dialog.kind === 'move' && (
        <MoveModal
          meeting={dialog.meeting}
          initial={dialog.initial}
          pending={pending}
          error={error}
          strandWarning={strand}
          onEdit={dropStrandWarning}
          onConfirm={({ date, time, option }) =>
            void submit(
              () => {
                const rdvDate = Math.round(Date.parse(parisInstant(date, time)) / 1000);
                // part 2 §2.5, §2.7: an imposed planning's convocation moves by the single convocation-move call, from the start staff saw.
                if (planning.templateType === 'promoterImpose') {
                  const seen = dialog.meeting.start ? Date.parse(dialog.meeting.start) / 1000 : undefined;
                  return planningActions.convocationMove(planning._id, {
                    selected: dialog.meeting.uuid,
                    rdvDate,
                    confirmMoveOption: option,
                    selectedDateMove: seen,
                  });
                }
                return planningActions.move(planning._id, { selected: dialog.meeting.uuid, rdvDate, confirmMoveOption: option, confirmStrand: strand });
              },
              (answer) => answer.message,
              detailMessages.moveFailed(dialog.meeting.guest.lotcomm),
            )
          }
          onDismiss={() => {
            dialog.revert?.();
            close();
          }}
        />
      )}
      {dialog.kind === 'free' && (
        <FreeMeetingModal
          mode={dialog.mode}
          initial={dialog.initial}
          colors={FREE_MEETING_COLORS}
          pending={pending}
          error={error}
          onConfirm={(form) =>
            void (dialog.freeMeeting
              ? submit(
                  () => planningActions.updateFreeMeeting(planning._id, dialog.freeMeeting!._id, freeBody(form)),
                  (answer) => answer.message,
                  detailMessages.freeMeetingFailed,
                )
              : submit(
                  () => planningActions.addFreeMeeting(planning._id, freeBody(form)),
                  () => detailMessages.freeMeetingCreated,
                  detailMessages.freeMeetingFailed,
                ))
          }
          onDelete={dialog.freeMeeting ? () => onChange({ kind: 'delete-free', freeMeeting: dialog.freeMeeting! }) : undefined}
          onDismiss={close}
        />
      )}
      {dialog.kind === 'delete-free' && (
        <ActionModal
          header={planningCalendarMessages.deleteFreeMeetingTitle}
          confirmLabel={planningPageCommon.delete}
          danger
          pending={pending}
          error={error}
          onConfirm={() =>
            void submit(
              () => planningActions.deleteFreeMeeting(planning._id, dialog.freeMeeting._id),
              (answer) => answer.message,
              detailMessages.freeMeetingFailed,
            )
          }
          onDismiss={close}
        >
          <Box>{`${dialog.freeMeeting.name} — ${parisParts(dialog.freeMeeting.start).date.split('-').reverse().join('/')} ${parisParts(dialog.freeMeeting.start).time}`}</Box>
        </ActionModal>
      )}
    </>
  );
}
