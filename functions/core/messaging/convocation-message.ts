import { isImposedType, moveTexts } from '../../../shared/domain/message-wording';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { meetingIcs } from './meeting-ics';
import { mailSubjects, renderFixed, renderMessage, tagValues } from './message-context';
import type { BuyerMessage } from './notify-buyer';
import { meetingCalendarTexts } from '../../../shared/messages/booking';

/** An imposed planning's buyers are convened: its invitation job sends this instead of an invitation. */
export const isImposed = (planning: Pick<PlanningRecord, 'templateType'>): boolean => isImposedType(planning.templateType);

/**
 * The convocation (summons) of one buyer: the planning's invitation texts when staff wrote them,
 * else the default convocation; tags replaced (the contact tags were checked at creation); the
 * visit as an ICS file. `moved`: staff moved it and ask the buyer to confirm the new date.
 */
export function convocationMessage(deps: Deps, planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord, moved = false): BuyerMessage {
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  return {
    kind: 'convocation',
    subject: moved ? mailSubjects.move(program, planning) : mailSubjects.invitation(program, planning),
    mailText: moved ? renderFixed(moveTexts.mail, values) : renderMessage(planning, 'mailinvitationmessage', values),
    smsText: moved ? renderFixed(moveTexts.sms, values, true) : renderMessage(planning, 'smsinvitationmessage', values),
    attachments: meeting.start
      ? [
          {
            filename: meetingCalendarTexts.fileName,
            contentType: 'text/calendar; charset=utf-8',
            content: Buffer.from(meetingIcs(planning, meeting, deps.config.publicUrl)),
          },
        ]
      : undefined,
  };
}
