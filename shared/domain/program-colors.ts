/** A program's default colours (part 3 §5); a module without zod, for the buyer's page. */
export const defaultProgramColors = ['rgb(67, 99, 134)', 'rgb(120, 163, 173)', 'rgb(226, 170, 94)'];
