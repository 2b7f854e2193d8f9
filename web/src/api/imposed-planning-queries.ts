import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ImposedPlanningCreateInput } from '../../../shared/domain/imposed-planning';
import { planningSchema } from '../../../shared/domain/planning';
import { apiRequest } from './api-client';
import { confirmingShortNotice } from '../components/short-notice/short-notice-confirmation';
import { planningKeys } from './planning-queries';

// part 3 §4: `warning` when the planning's invoicing entity has no credits left.
const createdAnswerSchema = z.object({ planning: planningSchema, message: z.string(), warning: z.string().optional() });

/** POST /rdv-impose (part 2 §7): creates the imposed planning; the convocations go out at once or at the dispatch date. */
export function useCreateImposedPlanningMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImposedPlanningCreateInput) =>
      confirmingShortNotice((confirmed) =>
        apiRequest('/rdv-impose', { method: 'POST', body: confirmed ? { ...body, confirmShortNotice: true } : body, schema: createdAnswerSchema }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
      await queryClient.invalidateQueries({ queryKey: planningKeys.drafts(programId) });
    },
  });
}
