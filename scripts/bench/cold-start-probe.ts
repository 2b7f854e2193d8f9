/**
 * Run in a fresh process by the bench's 'cold' line (scripts/bench/scheduling.ts): times (CPU)
 * the first simulation and the first offer of this process, then the same calls warm, and
 * prints one JSON line. The engine's modules are loaded before the clock starts (as a Lambda's init
 * phase loads them): what is timed is the first call itself.
 */
// As the server's handlers do: the engine warms up while the module loads (Lambda init phase).
import { engineWarmUpCpuMs } from '../../shared/scheduling/engine-warm-up';
import { simulate } from '../../shared/scheduling/simulate';
import { offerSlots } from '../../shared/scheduling/slot-offering';
import { calendarFromEvents } from '../../shared/scheduling/planning-calendar';
import { choosePas } from '../../shared/scheduling/phase-durations';
import { CASES } from './scheduling-cases';

// Milliseconds from the process start to here: loading the modules, the engine's warm-up included.
const initMs = performance.now();
const name = (process.argv[2] ?? 'L') as keyof typeof CASES;
const input = CASES[name]();
const durations = input.broadcastList.map((e) => (input.mTimes as Record<string, number>)[e.guest.typologie as string]);
const calendar = {
  ...calendarFromEvents({ events: input.events, pas: choosePas(durations), lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: input.amoList }),
  notBefore: Date.parse('2026-09-01T08:00:00Z'),
};
// CPU time of this process (its compiler threads included: compiling is the cold cost), which
// the load of a shared machine does not stretch as it stretches wall-clock time.
const time = (run: () => unknown): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const offer = (): unknown => offerSlots(calendar, durations[0], durations.slice(1));
const firstSimulate = time(() => simulate(input));
const firstOffer = time(offer);
const warmSimulate: number[] = [];
const warmOffer: number[] = [];
for (let run = 0; run < 5; run += 1) {
  warmSimulate.push(time(() => simulate(input)));
  warmOffer.push(time(offer));
}
const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({ name, initMs, warmUpCpuMs: engineWarmUpCpuMs, firstSimulate, firstOffer, warmSimulate: median(warmSimulate), warmOffer: median(warmOffer) }),
);
