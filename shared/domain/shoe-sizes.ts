/** Shoe sizes: 'inconnue' or 35 to 47 on the buyer page (part 1 §5); without zod, for that page. */
export const buyerShoeSizes = ['inconnue', ...Array.from({ length: 13 }, (_, index) => String(35 + index))];
