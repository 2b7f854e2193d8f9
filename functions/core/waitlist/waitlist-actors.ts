import type { StaffActor } from '../plannings/staff-actor';

/** Who the meeting history names for the waitlist's steps: the buyer on their page, Livrea for the check. */
export const buyerActor: StaffActor = { userId: 'acquereur', name: 'Acquéreur (page de rendez-vous)' };
export const checkActor: StaffActor = { userId: 'livrea', name: "Livrea (liste d'attente)" };
