import type { StaffActor } from '../plannings/staff-actor';
import { historyActorNames } from '../../../shared/messages/meeting-history';

/** Who the meeting history names for the waitlist's steps: the buyer on their page, Livrea for the check. */
export const buyerActor: StaffActor = { userId: 'acquereur', name: historyActorNames.buyerPage };
export const checkActor: StaffActor = { userId: 'livrea', name: historyActorNames.waitlistCheck };
