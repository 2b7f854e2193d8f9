import { z } from 'zod';
import { confirmShortNoticeField } from '../rules/short-notice';
import { epochSeconds } from './imposed-action-requests';

/**
 * POST /rdv/{planningId}/meetings/{uuid}/reinvite. A free planning's no-show books again by
 * themselves (no body); an imposed planning's is convened again at the start staff choose
 * (seconds), like a convocation move, so the notice rule's confirmation applies.
 */
export const reinviteSchema = z.object({
  rdvDate: epochSeconds.optional(),
  selectedAmo: z.number().int().min(0).max(9).nullish(),
  ...confirmShortNoticeField,
});
export type ReinviteRequest = z.infer<typeof reinviteSchema>;
