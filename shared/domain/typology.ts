import { z } from 'zod';

/** Typologies 1p to 5p (part 2 §3) and their tag colours (part 1 §9). */
export const typologies = ['1p', '2p', '3p', '4p', '5p'] as const;
export const typologySchema = z.enum(typologies);
export type Typology = z.infer<typeof typologySchema>;

export const typologyColors: Record<Typology, string> = {
  '1p': 'green',
  '2p': 'geekblue',
  '3p': 'orange',
  '4p': 'volcano',
  '5p': 'red',
};
