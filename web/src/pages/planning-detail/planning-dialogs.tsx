import { useQuery } from '@tanstack/react-query';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { planningActions, planningDetailQueries, type Availabilities } from '../../api/planning-detail-queries';
import { lotQueries } from '../../api/lot-queries';
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
import { toPlace } from './planning-hours';
import { useDialogCall } from '../../components/planning-detail/use-dialog-call';
import { PlanningWideDialogs } from './planning-wide-dialogs';
import { addBuyer } from './add-buyer-call';

export type PlanningWideDialog =
  { kind: 'share'; channel: 'email' | 'sms' | 'link' } | { kind: 'messages' | 'options' | 'availability' | 'simulation' | 'shift' };

export type DetailDialog =
  | { kind: 'bulk'; action: BulkKind; selection: Meeting[] }
  | { kind: 'custom-mail' | 'notifications'; selection: Meeting[] }
  | { kind: 'edit' | 'history' | 'cancel'; meeting: Meeting }
  | { kind: 'book'; uuid?: string }
  | { kind: 'remove'; uuid?: string }
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
  onChange: (dialog: DetailDialog | null) => void;
}

/** Opens the dialog the page asked for and runs its call; answers go to the flash bar. */
/** The dialogs that list or count every buyer: they read the whole planning while open, never the page itself. */
const needsEveryBuyer: ReadonlySet<DetailDialog['kind']> = new Set(['book', 'remove', 'add', 'availability', 'simulation']);

export function PlanningDialogs({ dialog, planning, programId, amoLabel, availabilities, isAdmin, action, onChange }: PlanningDialogsProps) {
  const call = useDialogCall(action.run, () => onChange(null));
  const whole = useQuery({ ...planningDetailQueries.whole(planning._id), enabled: !!dialog && needsEveryBuyer.has(dialog.kind) });
  const meetings = whole.data?.meetings ?? [];
  const { error, strand, close, submit, dropStrandWarning } = call;
  const lots = useQuery({ ...lotQueries.picker(programId), enabled: dialog?.kind === 'add' });
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
          candidates={toPlace(meetings)}
          initialUuid={dialog.uuid}
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
          meetings={meetings}
          initialUuid={dialog.uuid}
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
      const inPlanning = new Set(meetings.map((meeting) => meeting.guest._id));
      // part 2 §2.5, §2.7: an imposed planning's buyer is placed and convened by the single add-customer call (start required).
      const imposed = planning.templateType === 'promoterImpose';
      return (
        <AddBuyerModal
          lots={(lots.data ?? []).filter((lot) => !inPlanning.has(lot._id))}
          loading={lots.isPending}
          loadError={lots.isError ? detailMessages.buyersLoadFailed : null}
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
          meetings={whole.data?.meetings}
          programId={programId}
          amoLabel={amoLabel}
          availabilities={availabilities}
          isAdmin={isAdmin}
          action={action}
          call={call}
        />
      );
  }
}
