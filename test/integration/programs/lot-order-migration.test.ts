import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { addMissingLotOrderKeys } from '../../../functions/data/lot-order-migration';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { seedLots } from '../../support/seed-big-program';
import { call, createUserAndLogin } from '../../support/test-api';

it('lots stored before the lot-number order index are written again once, and the paged lot list shows them (docs/architecture.md « Bounded answers »)', async () => {
  const promoter = await createUserAndLogin('promoter');
  const program = (
    await call('POST', '/api/program/create', { token: promoter.token, body: { name: 'Ancien', promotername: 'A SA', colors: ['rgb(1, 2, 3)'] } })
  ).body;
  const lots = await seedLots(getDeps().store, program._id, 30);
  // Stored as before the index: the lot's own item only, without its order keys or search text.
  for (const lot of lots)
    await getDeps().store.doc.send(new PutCommand({ TableName: getDeps().store.table, Item: { ...keys.lot(program._id, lot._id), ...lot } }));
  const before = await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: promoter.token });
  expect(before.body.clients).toHaveLength(0);

  expect(await addMissingLotOrderKeys(getDeps().store)).toBe(30);
  const after = await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: promoter.token });
  expect(after.body.clients.map((lot: { _id: string }) => lot._id).sort()).toEqual(lots.map((lot) => lot._id).sort());
  // Once per table: a second start reads the marker and writes nothing.
  expect(await addMissingLotOrderKeys(getDeps().store)).toBe(0);
});
