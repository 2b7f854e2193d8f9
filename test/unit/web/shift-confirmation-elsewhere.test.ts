import { ApiError } from '../../../web/src/api/api-error';
import { apiRequest } from '../../../web/src/api/api-client';
import { shiftActions } from '../../../web/src/api/shift-queries';
import { ask } from '../../../web/src/components/confirmation/server-warnings';

jest.mock('../../../web/src/api/api-client', () => ({ apiRequest: jest.fn() }));
// Staff answer « Confirmer quand même » in the question modal.
jest.mock('../../../web/src/components/confirmation/server-warnings', () => ({
  ...jest.requireActual('../../../web/src/components/confirmation/server-warnings'),
  ask: jest.fn(async () => true),
}));

const send = apiRequest as jest.Mock;

it('« Décaler » refused because a named AMO took the new day off since the preview asks « … : placer quand même ? », then, confirmed, shifts with confirmElsewhere', async () => {
  const question = 'amo1 est indisponible le 29/12 de 08:00 à 13:00 (Mes indisponibilités) : placer quand même ?';
  send.mockRejectedValueOnce(new ApiError(409, question, { message: question, details: { code: 'AMO_ELSEWHERE' } }));
  send.mockResolvedValueOnce({ waveId: 'wave-1', total: 1, message: '1 acquéreur à prévenir' });
  const started = await shiftActions.confirm('p1', { mode: 'days', days: [{ from: '2026-12-28', to: '2026-12-29' }] });
  expect(started).toEqual({ waveId: 'wave-1', total: 1, message: '1 acquéreur à prévenir' });
  expect(ask).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ message: question }));
  expect(send.mock.calls.map((call) => call[1].body.confirmElsewhere)).toEqual([undefined, true]);
});
