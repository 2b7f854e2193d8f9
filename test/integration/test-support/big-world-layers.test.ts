import { z } from 'zod';
import { seededOnce } from '../../support/big-world';

/**
 * The size tests' shared world (test/support/big-world.ts): a layer is seeded by the first file that
 * claims it; the others wait for its marker. Two callers in one process stand for two files: the
 * claim is DynamoDB's conditional put either way.
 */
const layer = z.object({ seededBy: z.string() });
let count = 0;
const layerName = () => `layer-test-${process.pid}-${Date.now()}-${(count += 1)}`;

describe('big world layers: seeded once, by whichever file claims them first', () => {
  it('a layer seeded by one file is read by the next without seeding again', async () => {
    const name = layerName();
    const first = await seededOnce(name, layer, async () => ({ seededBy: 'first' }));
    const again = jest.fn(async () => ({ seededBy: 'second' }));
    expect(await seededOnce(name, layer, again)).toEqual(first);
    expect(again).not.toHaveBeenCalled();
  });

  it('a layer whose seed fails is marked « failed »: the seeding file and every file waiting for it fail with the reason', async () => {
    const name = layerName();
    let claimed!: () => void;
    let fail!: () => void;
    const seedStarted = new Promise<void>((resolve) => (claimed = resolve));
    const gate = new Promise<void>((resolve) => (fail = resolve));
    const seeding = seededOnce(name, layer, async () => {
      claimed();
      await gate;
      throw new Error('DynamoDB Local refused the lots');
    });
    // The seed runs only once its file holds the claim: the waiter then finds it and waits for the marker.
    await seedStarted;
    const neverSeeds = jest.fn(async () => ({ seededBy: 'waiter' }));
    const waiting = seededOnce(name, layer, neverSeeds);
    const waited = waiting.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    fail();
    await expect(seeding).rejects.toThrow('DynamoDB Local refused the lots');
    expect(await waited).toBe(`the file that seeded the big world's « ${name} » failed: Error: DynamoDB Local refused the lots`);
    expect(neverSeeds).not.toHaveBeenCalled();
  });
});
