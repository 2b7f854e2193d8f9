import { cancellationText, isImposedType } from '../../../shared/domain/message-wording';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { cancellationIcs } from './meeting-ics';
import { mailSubjects, renderFixed, tagValues } from './message-context';
import type { BuyerMessage } from './notify-buyer';

/** The staff cancellation e-mail of the visit `cancelled` had (the buyer's notification settings apply). */
export function cancellationMessage(deps: Deps, planning: PlanningRecord, program: ProgramRecord, cancelled: MeetingRecord): BuyerMessage {
  return {
    kind: 'cancellation',
    subject: mailSubjects.cancellation(program, planning),
    mailText: renderFixed(cancellationText(isImposedType(planning.templateType)), tagValues(planning, program, cancelled, deps.config.publicUrl)),
    // METHOD:CANCEL with the visit's UID removes it from the buyer's calendar.
    attachments: [
      {
        filename: 'annulation.ics',
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        content: Buffer.from(cancellationIcs(planning, cancelled, deps.config.publicUrl)),
      },
    ],
  };
}
