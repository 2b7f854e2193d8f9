import { controlMessages } from './controls';

/**
 * Texts of the modal that asks staff to confirm a change the engine could not check, or one that
 * strands buyers or places an AMO elsewhere (docs/scheduling.md 'Staff checks fail closed'), on
 * every staff page. Ours: the specification shows no such modal.
 */
export const strandCheckMessages = {
  title: 'Vérification non aboutie',
  close: controlMessages.close,
  back: 'Revenir sans modifier',
  confirm: 'Confirmer quand même',
  declined: "Rien n'a été modifié : la modification n'a pas été confirmée.",
} as const;
