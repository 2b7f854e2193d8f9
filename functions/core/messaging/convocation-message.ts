import { defaultConvocationMessages } from '../../../shared/domain/convocation-messages';
import { phaseLabels } from '../../../shared/domain/planning';
import { renderTags } from '../../../shared/rules/message-tags';
import { toGsm7 } from '../../../shared/rules/gsm7';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { meetingIcs } from '../booking/meeting-ics';
import { tagValues } from './message-context';
import type { BuyerMessage } from './notify-buyer';

/** An imposed planning's buyers are convened: its invitation job sends this instead of an invitation. */
export const isImposed = (planning: Pick<PlanningRecord, 'templateType'>): boolean => planning.templateType === 'promoterImpose';

/**
 * The convocation (summons) of one buyer: the planning's invitation texts when staff wrote them,
 * else the default convocation; tags replaced (the contact tags were checked at creation); the
 * visit as an ICS file.
 */
export function convocationMessage(deps: Deps, planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord): BuyerMessage {
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  const mail = planning.messages.mailinvitationmessage?.trim() || defaultConvocationMessages.mail;
  const sms = planning.messages.smsinvitationmessage?.trim() || defaultConvocationMessages.sms;
  return {
    kind: 'convocation',
    subject: `${program.promotername} – convocation : visite ${phaseLabels[planning.phase]}`,
    mailText: renderTags(mail, values),
    smsText: toGsm7(renderTags(sms, values)),
    attachments: meeting.start ? [{ filename: 'rendez-vous.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(meetingIcs(planning, meeting, deps.config.publicUrl)) }] : undefined,
  };
}
