import { ApiError } from '../../../web/src/api/api-error';
import { sendWithKeyAgainWhileLost } from '../../../web/src/api/shift-queries';

const noWait = async () => undefined;

describe('« Décaler » confirmed once shifts once, whatever the answers lost (docs/architecture.md « Work that grows with a program »)', () => {
  it('a confirmation whose answer is lost is sent again with the same Idempotency-Key', async () => {
    const keys: string[] = [];
    const answers = [new ApiError(503, 'lost'), new ApiError(0, 'no answer')];
    const answer = await sendWithKeyAgainWhileLost(
      async (key) => {
        keys.push(key);
        const lost = answers.shift();
        if (lost) throw lost;
        return { waveId: 'w1' };
      },
      undefined,
      noWait,
    );
    expect(answer).toEqual({ waveId: 'w1' });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('each confirmation has its own key', async () => {
    const keys: string[] = [];
    for (let click = 0; click < 2; click += 1) await sendWithKeyAgainWhileLost(async (key) => keys.push(key), undefined, noWait);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a refusal is the answer: sent once, not again', async () => {
    const send = jest.fn(async () => {
      throw new ApiError(409, 'Un décalage de ce planning est en cours : réessayez dans un instant.');
    });
    await expect(sendWithKeyAgainWhileLost(send, 'k', noWait)).rejects.toThrow('Un décalage');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
