import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { prefixUnreadTicketKeys } from '../../../functions/data/unread-ticket-migration';
import { getDeps } from '../../../functions/runtime/deps';
import { seedLots, seedTickets } from '../../support/seed-big-program';
import { call, createUserAndLogin } from '../../support/test-api';

it('conversations waiting for staff stored before the unread-first index move to the top once (docs/architecture.md « Bounded answers »)', async () => {
  const promoter = await createUserAndLogin('promoter');
  const program = (
    await call('POST', '/api/program/create', { token: promoter.token, body: { name: 'Ancien', promotername: 'A SA', colors: ['rgb(1, 2, 3)'] } })
  ).body;
  const db = getDeps().store;
  // The first waits for staff and is the oldest; stored as before the index: no `U#` in its key.
  const tickets = await seedTickets(db, program._id, await seedLots(db, program._id, 3), 0);
  const waiting = tickets[0];
  expect(waiting.unreadByStaff).toBe(true);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.ticket(waiting._id),
      UpdateExpression: 'SET gsi2sk = :old',
      ExpressionAttributeValues: { ':old': `${waiting.lastMessageAt}#${waiting._id}` },
    }),
  );
  const order = async () =>
    (await call('GET', `/api/projets/${program._id}/messages`, { token: promoter.token })).body.tickets.map((ticket: { _id: string }) => ticket._id);
  expect((await order())[0]).not.toBe(waiting._id);

  expect(await prefixUnreadTicketKeys(db)).toBeGreaterThanOrEqual(1);
  expect((await order())[0]).toBe(waiting._id);
  // Once per table: a second start reads the marker and moves nothing.
  expect(await prefixUnreadTicketKeys(db)).toBe(0);
});
