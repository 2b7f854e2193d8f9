import { freeMeetingStatus, imposedMeetingStatus } from './meeting-status';

/** What the counts read of a meeting (a buyer's row of the planning). */
export interface CountedMeeting {
  isActive: boolean;
  isAvailable: boolean;
  isBooked: boolean;
  forced: string | null;
  isConfirmed: boolean;
  isInvitationSent: boolean;
}

export interface MeetingCounts {
  /** Every buyer of the planning (the participants table's count). */
  participants: number;
  /** Buyers reached: invited, or who already answered (a booking or an answer implies the link reached them). */
  invited: number;
  /** Free: booked or placed by staff. Imposed: confirmed present. */
  done: number;
  /** Declared unavailable (free) or force majeure (imposed). */
  unavailable: number;
  answered: number;
  waiting: number;
  /** Active buyers whose invitation is still to be sent (a wave in progress, or a later dispatch date). */
  toInvite: number;
  /** answered / invited, rounded (part 2 §4 'Progress'). */
  percent: number;
}

/**
 * The summary's figures (part 2 §2.6, §2.7, §4 'Progress') counted from the meetings the page
 * shows, so that they always agree with 'Participants (n)' beside them. The planning's stored
 * counters lag while a wave of invitations is being sent, and a buyer booked by staff before a
 * later dispatch date is not 'invited' there ('0 invités · Réponses 400 / 0'); here an answer
 * counts its buyer as reached.
 */
export function meetingCounts(meetings: readonly CountedMeeting[], imposed: boolean): MeetingCounts {
  let invited = 0;
  let done = 0;
  let unavailable = 0;
  let toInvite = 0;
  let waiting = 0;
  for (const meeting of meetings) {
    const status = imposed ? imposedMeetingStatus(meeting) : freeMeetingStatus(meeting);
    // A buyer made inactive after the invitation stays invited (as the stored counters keep them), never waiting.
    if (status === 'inactif') {
      if (meeting.isInvitationSent) invited += 1;
      continue;
    }
    // values, not messages: the statuses of meeting-status.ts, compared.
    const isDone = status === 'réservé' || status === 'présent';
    const isUnavailable = status === 'indisponible';
    if (isDone) done += 1;
    if (isUnavailable) unavailable += 1;
    if (meeting.isInvitationSent || isDone || isUnavailable) invited += 1;
    else toInvite += 1;
    if (meeting.isInvitationSent && !isDone && !isUnavailable) waiting += 1;
  }
  const answered = done + unavailable;
  return {
    participants: meetings.length,
    invited,
    done,
    unavailable,
    answered,
    waiting,
    toInvite,
    percent: invited > 0 ? Math.round((answered / invited) * 100) : 0,
  };
}
