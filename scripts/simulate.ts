/**
 * npm run simulate -- input.json
 * Prints the simulation output (JSON) for a body of POST /rdv/no-need/simulation.
 */
import { readFileSync } from 'node:fs';
import { simulate } from '../shared/scheduling/simulate';
import { SchedulingRuleError } from '../shared/scheduling/scheduling-errors';

function main(): void {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run simulate -- input.json\n');
    process.exit(2);
  }
  const body: unknown = JSON.parse(readFileSync(file, 'utf8'));
  try {
    const out = simulate(body as Parameters<typeof simulate>[0]);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } catch (err) {
    if (err instanceof SchedulingRuleError) {
      process.stderr.write(`${err.name} (${err.code}): ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

main();
