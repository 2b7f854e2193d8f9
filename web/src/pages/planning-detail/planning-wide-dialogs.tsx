import { planningActions } from '../../api/planning-detail-queries';
import { shiftActions } from '../../api/shift-queries';
import { AvailabilityDrawer } from '../../components/planning-detail/availability-drawer';
import { MessagesModal } from '../../components/planning-detail/messages-modal';
import { ShareModal } from '../../components/planning-detail/share-modal';
import { shiftFormMessages } from '../../../../shared/messages/plannings';
import { ShiftDaysModal } from '../../components/planning-detail/shift-days-modal';
import type { useDialogCall } from '../../components/planning-detail/use-dialog-call';
import { OptionsModal } from './options-modal';
import type { PlanningDialogsProps, PlanningWideDialog } from './planning-dialogs';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { SimulationModal } from './simulation-modal';
import type { PlacedVisit } from './planning-hours';

export interface PlanningWideDialogsProps extends Omit<PlanningDialogsProps, 'dialog' | 'onChange'> {
  dialog: PlanningWideDialog;
  /** Every placed visit (the drawer's booked slots), undefined while they load. */
  visits?: PlacedVisit[];
  call: ReturnType<typeof useDialogCall>;
}

/** The dialogs about the whole planning (share, messages, options, availabilities, simulation, 'Décaler'), opened from the page's header. */
export function PlanningWideDialogs({ dialog, planning, visits, programId, amoLabel, availabilities, action, deletion, call }: PlanningWideDialogsProps) {
  const { error, close, submit, ask } = call;
  const common = { pending: action.isPending, error, onDismiss: close };
  const id = planning._id;
  switch (dialog.kind) {
    case 'share':
      return (
        <ShareModal
          planning={planning}
          initialChannel={dialog.channel}
          {...common}
          onShare={(channel, targets) =>
            void submit(
              () => (channel === 'email' ? planningActions.shareEmail(id, targets) : planningActions.shareSms(id, targets)),
              (answer) => answer.message,
              detailMessages.shareInvalid,
            )
          }
        />
      );
    case 'messages':
      return <MessagesModal planning={planning} run={action.run} pending={action.isPending} onDismiss={close} />;
    case 'options':
      return <OptionsModal planning={planning} run={action.run} pending={action.isPending} deletion={deletion} onDismiss={close} />;
    case 'availability':
      return (
        <AvailabilityDrawer
          planning={planning}
          visits={visits}
          availabilities={availabilities}
          programId={programId}
          amoLabel={amoLabel}
          run={action.run}
          pending={action.isPending}
          onClose={close}
        />
      );
    case 'simulation':
      return <SimulationModal planning={planning} onDismiss={close} />;
    case 'shift':
      return (
        <ShiftDaysModal
          planning={planning}
          amoLabel={amoLabel}
          {...common}
          onPreview={(request) => ask(() => shiftActions.preview(id, request), shiftFormMessages.failed)}
          onConfirm={(request) =>
            void submit(
              () => shiftActions.confirm(id, request),
              (answer) => answer.message,
              shiftFormMessages.failed,
              true,
            )
          }
        />
      );
  }
}
