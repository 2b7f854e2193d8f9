import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

const programRef = z.union([z.string(), z.object({ _id: z.string().optional(), name: z.string().optional() })]).optional();

export const housingSummarySchema = z.object({
  _id: z.string(),
  lotcomm: z.string().optional().default(''),
  typologie: z.string().optional(),
  batiment: z.string().optional(),
  etage: z.union([z.string(), z.number()]).optional(),
  adresse: z.string().optional(),
  codepostal: z.string().optional(),
  ville: z.string().optional(),
  program: programRef,
});
export type HousingSummary = z.infer<typeof housingSummarySchema>;

const housingListSchema = z.union([z.array(housingSummarySchema), z.object({ housings: z.array(housingSummarySchema) }).transform((value) => value.housings)]);

export const housingQueries = {
  /** GET /users/me/housings: the buyer's own housings; a 404 (not served yet, or none) is an empty list. */
  mine: () =>
    queryOptions({
      queryKey: ['housings', 'mine'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await apiRequest('/users/me/housings', { schema: housingListSchema, signal });
        } catch (error) {
          if (isApiError(error, 404)) return [];
          throw error;
        }
      },
    }),
};
