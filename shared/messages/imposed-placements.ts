/** Refusals of an imposed planning's placements at its creation (part 2 §4 'Imposed creation'; ours: the wording). */
export const imposedPlacementMessages = {
  lotPlacedTwice: (lot: string) => `Le lot ${lot} est placé deux fois.`,
} as const;
