import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { housingSchema, nextVisitSchema } from '../../../shared/domain/buyer-area';
import { apiRequest } from './api-client';

const myHousingsSchema = z.object({ housings: z.array(housingSchema), nextVisit: nextVisitSchema.nullable() });

/** The buyer area's resources (issue 15), one factory per resource. */
export const buyerAreaQueries = {
  /** GET /users/me/housings: the buyer's housings and next visit; an error stays an error (never « Aucun logement »). */
  myHousings: () => queryOptions({ queryKey: ['buyer-area', 'housings'] as const, queryFn: ({ signal }) => apiRequest('/users/me/housings', { schema: myHousingsSchema, signal }) }),
};
