/**
 * The local runtime's clock: the machine's, moved by `LIVREA_CLOCK_OFFSET_MS` when it is set, so
 * that the tests of rules that need time to have passed (a visit's attendance is marked once it
 * has started) run on visits they could only create in the future (docs/architecture « Local
 * runtime »). Read at each call: an in-process test may move it; worker processes take it from the
 * environment they start with. AWS's dependencies never read it.
 */
export function localNow(): Date {
  const offset = Number(process.env.LIVREA_CLOCK_OFFSET_MS ?? 0);
  return new Date(Date.now() + (Number.isFinite(offset) ? offset : 0));
}
