/**
 * The bounds of what the API accepts (part 1 §8), in one place so the schemas, the HTTP
 * glue and docs/api.md say the same thing. Sized for the largest realistic program (the bench's
 * L case: 2,000 lots) with room to spare, and small enough that one request cannot stall a
 * function (the simulation of 20,000 buyers took 6 s and answered 111 MB).
 */
export const inputBounds = {
  /** A JSON request body, in bytes (an import of 3,000 lots is about 1.5 MB). */
  jsonBodyBytes: 2 * 1024 * 1024,
  /**
   * Past this the local server stops keeping a request body (it still drains it to answer 413);
   * any API body whose Lambda event exceeds 6 MB is refused anyway (infra/local/gateway-limits.ts).
   */
  requestBodyBytes: 12 * 1024 * 1024,
  /** An e-mail address (RFC 5321: 254 characters). */
  emailLength: 254,
  /** Buyers of one planning or simulation (the engine's XL case: 12,000 lots under 1 s). */
  buyers: 12_000,
  /** Working days of one planning or simulation (a year and a month: the XL case spans 370 days). */
  days: 400,
  /** AMOs named in a simulation. */
  amos: 50,
  /**
   * Visits one simulation answer lists (solutions × buyers): about 190 bytes each, so 20,000 keep
   * the answer near 4 MB, under Lambda's 6 MB response limit (3,000 buyers × 20 solutions: 11 MB).
   */
  scheduledVisits: 20_000,
  /** Earliest and latest instant accepted anywhere (a planning is never outside these years). */
  earliestInstant: Date.UTC(2000, 0, 1),
  latestInstant: Date.UTC(2100, 0, 1),
} as const;

/** How many AMOs a visit day of a planning may have (the creation form's 'nombre d’AMO'). */
export const amoPerDayRange = { min: 1, max: 10 } as const;

/** An instant (ISO string or epoch ms) inside the accepted years. */
export function isInstantInRange(instant: string | number): boolean {
  const epoch = typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isFinite(epoch) && epoch >= inputBounds.earliestInstant && epoch < inputBounds.latestInstant;
}
