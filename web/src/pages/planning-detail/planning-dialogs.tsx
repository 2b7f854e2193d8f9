import { useQueries } from '@tanstack/react-query';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import type { CalendarVisit } from '../../../../shared/domain/planning-detail-reads';
import { planningActions, planningDetailQueries, type Availabilities } from '../../api/planning-detail-queries';
import { AddBuyerModal } from '../../components/planning-detail/add-buyer-modal';
import { BulkActionModal, type BulkKind } from '../../components/planning-detail/bulk-action-modal';
import { BuyerEditModal } from '../../components/planning-detail/buyer-edit-modal';
import { parisInstant } from '../../components/planning-detail/calendar-config';
import { CancelMeetingModal } from '../../components/planning-detail/cancel-meeting-modal';
import { CustomMailModal } from '../../components/planning-detail/custom-mail-modal';
import { HistoryModal } from '../../components/planning-detail/history-modal';
import { ManualBookingModal } from '../../components/planning-detail/manual-booking-modal';
import { NotificationsModal } from '../../components/planning-detail/notifications-modal';
import { RemoveBuyerModal } from '../../components/planning-detail/remove-buyer-modal';
import { bulkFailures } from './planning-detail-config';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningRanges } from './planning-hours';
import { useDialogCall } from '../../components/planning-detail/use-dialog-call';
import { PlanningWideDialogs } from './planning-wide-dialogs';
import { addBuyer } from './add-buyer-call';
import type { PlanningDeletion } from './planning-deletion-tab';

export type PlanningWideDialog =
  { kind: 'share'; channel: 'email' | 'sms' | 'link' } | { kind: 'messages' | 'options' | 'availability' | 'simulation' | 'shift' };

export type DetailDialog =
  | { kind: 'bulk'; action: BulkKind; selection: Meeting[] }
  | { kind: 'custom-mail' | 'notifications'; selection: Meeting[] }
  | { kind: 'edit' | 'history' | 'cancel'; meeting: Meeting }
  | { kind: 'book'; meeting?: Meeting }
  | { kind: 'remove'; meeting?: Meeting }
  | { kind: 'add' }
  | PlanningWideDialog;

export interface PlanningDialogsProps {
  dialog: DetailDialog | null;
  planning: Planning;
  programId: string;
  amoLabel: (amoNb: number | null) => string;
  availabilities?: Availabilities;
  isAdmin: boolean;
  action: { run: <R>(call: () => Promise<R>, refreshLater?: boolean) => Promise<R>; isPending: boolean };
  deletion: PlanningDeletion;
  onChange: (dialog: DetailDialog | null) => void;
}

/** The placed visits of every range once all are read (a module function: TanStack keeps its result while the answers stay). */
const allVisits = (answers: { data?: { visits: CalendarVisit[] } }[]): CalendarVisit[] | undefined =>
  answers.every((answer) => answer.data) ? answers.flatMap((answer) => answer.data?.visits ?? []) : undefined;

/**
 * Opens the dialog the page asked for and runs its call; answers go to the flash bar. No dialog
 * reads the whole planning (docs/architecture.md « Live staff screens »): the buyer pickers search
 * on the server, the availability drawer reads the placed visits by calendar ranges, the
 * simulation the summary's counts.
 */
export function PlanningDialogs({ dialog, planning, programId, amoLabel, availabilities, isAdmin, action, deletion, onChange }: PlanningDialogsProps) {
  const call = useDialogCall(action.run, () => onChange(null));
  const drawerOpen = dialog?.kind === 'availability';
  const visits = useQueries({
    queries: planningRanges(planning).map((range) => ({ ...planningDetailQueries.calendar(planning._id, range), enabled: drawerOpen })),
    combine: allVisits,
  });
  const { error, strand, close, submit, dropStrandWarning } = call;
  const id = planning._id;
  if (!dialog) return null;

  const common = { pending: action.isPending, error, onDismiss: close };
  const columns = Math.max(1, ...planning.events.map((event) => event.nbAmo));
  const amoOptions = planning.areAmosAssigned
    ? planning.amoList.map((amoId, amoNb) => ({ value: amoId, label: amoLabel(amoNb) }))
    : Array.from({ length: columns }, (_, amoNb) => ({ value: String(amoNb), label: amoLabel(amoNb) }));

  switch (dialog.kind) {
    case 'bulk': {
      const uuids = dialog.selection.map((meeting) => meeting.uuid);
      const kind = dialog.action;
      return (
        <BulkActionModal
          kind={kind}
          selection={dialog.selection}
          imposed={planning.templateType === 'promoterImpose'}
          {...common}
          onConfirm={({ mail, sms }) => {
            const call =
              kind === 'invite'
                ? () => planningActions.inviter(id, { invitationMail: true, uuids })
                : kind === 'relance'
                  ? () => planningActions.relancer(id, { relanceMail: mail, relanceSMS: sms, uuids })
                  : kind === 'rappel'
                    ? () => planningActions.rappeler(id, { rappelMail: mail, rappelSMS: sms, uuids })
                    : () => planningActions.cancelMultiple(id, { uuids, mailChecked: mail });
            void submit(call, (answer) => answer.message, bulkFailures[kind], kind === 'invite' || kind === 'cancel');
          }}
        />
      );
    }
    case 'notifications':
      return (
        <NotificationsModal
          selection={dialog.selection}
          {...common}
          onConfirm={(channels) =>
            void submit(
              () => planningActions.updateNotifications(id, { ...channels, uuids: dialog.selection.map((meeting) => meeting.uuid) }),
              () => detailMessages.notificationsSaved,
              detailMessages.notificationsFailed,
            )
          }
        />
      );
    case 'custom-mail':
      return (
        <CustomMailModal
          planning={planning}
          selection={dialog.selection}
          {...common}
          onConfirm={(mail) =>
            void submit(
              () => planningActions.customMail(id, { ...mail, uuids: dialog.selection.map((meeting) => meeting.uuid) }),
              (answer) => answer.message,
              detailMessages.requestFailed,
            )
          }
        />
      );
    case 'edit':
      return (
        <BuyerEditModal
          meeting={dialog.meeting}
          imposed={planning.templateType === 'promoterImpose'}
          {...common}
          onSave={(edit) =>
            void submit(
              () => planningActions.editMeeting(id, dialog.meeting.uuid, edit),
              (answer) => answer.message,
              detailMessages.buyerUpdateFailed,
            )
          }
        />
      );
    case 'history':
      return (
        <HistoryModal
          planningId={id}
          uuid={dialog.meeting.uuid}
          title={`Lot ${dialog.meeting.guest.lotcomm} · ${dialog.meeting.guest.nom}`}
          amoLabel={amoLabel}
          onDismiss={close}
        />
      );
    case 'cancel':
      return (
        <CancelMeetingModal
          meeting={dialog.meeting}
          {...common}
          onConfirm={(sendMail) =>
            void submit(
              () => planningActions.unbookStaff(id, { uuid: dialog.meeting.uuid, isMailConfirmationDel: sendMail }),
              () => detailMessages.cancelled,
              detailMessages.cancelFailed,
              true,
            )
          }
        />
      );
    case 'book':
      return (
        <ManualBookingModal
          planningId={id}
          initial={dialog.meeting}
          pas={planning.pas}
          amoOptions={amoOptions}
          amoRequired={planning.areAmosAssigned}
          strandWarning={strand}
          onEdit={dropStrandWarning}
          {...common}
          onConfirm={(booking) =>
            void submit(
              () =>
                planningActions.bookForce(id, {
                  selected: booking.uuid,
                  rdvDate: Math.round(Date.parse(parisInstant(booking.date, booking.time)) / 1000),
                  length: booking.length,
                  isMailConfirmation: booking.isMailConfirmation,
                  selectedAmo: booking.amo,
                  confirmStrand: strand,
                }),
              (answer) => answer.message,
              detailMessages.placementFailed,
            )
          }
        />
      );
    case 'remove':
      return (
        <RemoveBuyerModal
          planningId={id}
          initial={dialog.meeting}
          {...common}
          onConfirm={(meeting) =>
            void submit(
              () => planningActions.removeCustomer(id, { rdvId: meeting.uuid, guestId: meeting.guest._id, duree: meeting.length }),
              (answer) => answer.message,
              detailMessages.removeBuyerFailed,
            )
          }
        />
      );
    case 'add': {
      // part 2 §2.5, §2.7: an imposed planning's buyer is placed and convened by the single add-customer call (start required).
      const imposed = planning.templateType === 'promoterImpose';
      return (
        <AddBuyerModal
          planningId={id}
          pas={planning.pas}
          defaultLength={(lot) => planning.mTimes[lot.typologie] ?? 3_600_000}
          imposed={imposed ? { amoOptions: Array.from({ length: columns }, (_, amoNb) => ({ value: String(amoNb), label: amoLabel(amoNb) })) } : undefined}
          {...common}
          onConfirm={(value) =>
            void submit(
              () => addBuyer(id, imposed, value),
              (message) => message,
              detailMessages.addBuyerFailed,
              true,
            )
          }
        />
      );
    }
    default:
      return (
        <PlanningWideDialogs
          dialog={dialog}
          planning={planning}
          visits={visits}
          programId={programId}
          amoLabel={amoLabel}
          availabilities={availabilities}
          isAdmin={isAdmin}
          action={action}
          deletion={deletion}
          call={call}
        />
      );
  }
}
