import type { Lot } from '../../../shared/domain/lot';
import type { MeetingRecord } from '../../data/plannings-repository';
import { newMeetingUuid } from '../security/ids';

/**
 * A buyer's meeting as it starts (part 2 §3): active, available, notifications on, not booked,
 * reached by a link id of 144 random bits.
 */
export function newMeeting(planningId: string, lot: Lot, length: number, maxVisitorsNb: number): MeetingRecord {
  return {
    uuid: newMeetingUuid(),
    planningId,
    guest: {
      _id: lot._id,
      nom: lot.nom,
      titre: lot.titre,
      firstname: lot.firstname,
      email: lot.mailmonsieur,
      mailmonsieur: lot.mailmonsieur,
      mailmadame: lot.mailmadame,
      telephonemonsieur: lot.telephonemonsieur,
      telephonemadame: lot.telephonemadame,
      lotcomm: lot.lotcomm,
      typologie: lot.typologie,
      etage: lot.etage,
      batiment: lot.batiment,
    },
    length,
    start: null,
    end: null,
    amoNb: null,
    forced: null,
    isActive: true,
    isAvailable: true,
    isBooked: false,
    isConfirmed: false,
    isInvitationSent: false,
    visitors: [],
    notifMail: true,
    notifSMS: true,
    invitationMail: [],
    relancesMail: [],
    relancesSMS: [],
    rappelsMail: [],
    rappelsSMS: [],
    maxVisitorsNb,
  };
}

/** A staff-placed convocation: booked by staff at the chosen time, waiting for the buyer's answer. */
export function placedConvocation(
  meeting: MeetingRecord,
  visit: { startMs: number; endMs: number; amoNb: number },
  staffId: string,
  at: string,
): MeetingRecord {
  return {
    ...meeting,
    isBooked: true,
    forced: staffId,
    start: new Date(visit.startMs).toISOString(),
    end: new Date(visit.endMs).toISOString(),
    amoNb: visit.amoNb,
    length: visit.endMs - visit.startMs,
    isConfirmed: false,
    bookedAt: at,
  };
}
