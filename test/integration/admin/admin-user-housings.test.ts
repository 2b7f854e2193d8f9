import { call } from '../../support/test-api';
import { buyerWorld } from '../buyer-area/support';

jest.setTimeout(120_000);

describe("part 3 §2 User detail: the administrator sees a buyer's housings as the buyer does ('Mes logements')", () => {
  it('a buyer holding a housing under their e-mail and another linked by staff: GET /admin/users/{id} lists both, as GET /users/me/housings does', async () => {
    const world = await buyerWorld('AH');
    // A second housing of the program, bought under another e-mail, linked by staff (POST /user/housings).
    const other = world.lots.find((lot) => lot._id !== world.buyerLot._id)!;
    expect(
      (
        await call('POST', '/api/user/housings', {
          token: world.owner.token,
          body: { email: world.buyer.email, lotcomm: other.lotcomm, program: world.programId },
        })
      ).status,
    ).toBe(201);

    const own = (await call('GET', '/api/users/me/housings', { token: world.buyer.token })).body.housings as {
      lotcomm: string;
      program: { _id: string; name: string };
    }[];
    expect(own.map((housing) => housing.lotcomm).sort()).toEqual([world.buyerLot.lotcomm, other.lotcomm].sort());

    const detail = await call('GET', `/api/admin/users/${world.buyer.user._id}`, { token: world.administrator.token });
    expect(detail.status).toBe(200);
    expect(detail.body.housings.map((housing: { program: { _id: string }; lotcomm: string }) => [housing.program._id, housing.lotcomm])).toEqual(
      own.map((housing) => [housing.program._id, housing.lotcomm]),
    );
    expect(detail.body.housings[0]).toEqual(
      expect.objectContaining({ program: expect.objectContaining({ promotername: 'Promo SA' }), typologie: expect.any(String) }),
    );
  });
});
