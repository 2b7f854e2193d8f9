import { planningListMessages } from './plannings';

/** Texts of a planning's deletion, an operation (docs/architecture.md « Deleting a planning »). */
export const planningDeletionMessages = {
  cannotDelete: planningListMessages.cannotDelete,
  started: 'Planning supprimé : il a disparu des listes ; ses rendez-vous sont retirés en arrière-plan.',
  stepReminders: 'Annulation des rappels et des visites 3D',
  stepMeetings: 'Suppression des rendez-vous',
  stepPromoter: 'Suppression de la fiche promoteur des visites 3D',
  done: 'Planning supprimé.',
  progressTitle: 'Suppression du planning',
} as const;
