import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newObjectId } from '../../../functions/core/security/ids';
import { addVisitOrderKeys, listProgramVisitPage, programVisitSortKey, type VirtualVisitRecord } from '../../../functions/data/virtual-visits-repository';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { ensureTestTable } from '../../support/test-api';

/**
 * docs/architecture.md « Bounded answers »: the program's « Visites 3D » pages come in lot-number
 * order because a visit's index key starts with its lot's order key; a visit indexed before (its
 * key `<lotId>#<uuid>`) gets the new key once, and then pages in its place.
 */
const visit = (programId: string, lotcomm: string, uuid: string): VirtualVisitRecord => ({
  _id: newObjectId(),
  uuid,
  name: `Visite ${lotcomm}`,
  promoter: newObjectId(),
  pointer: '',
  payload: 'https://visites.example.test/tour',
  email: `${uuid.toLowerCase()}@exemple.fr`,
  startDate: '2026-10-01T00:00:00.000Z',
  endDate: '2026-10-22T00:00:00.000Z',
  sendMail: false,
  counter: 0,
  notified: false,
  createdAt: '2026-09-01T00:00:00.000Z',
  createdBy: newObjectId(),
  programId,
  lotId: newObjectId(),
  lotcomm,
});

describe('buyer visits in lot-number order: the index key and the migration of the visits indexed before it', () => {
  it('a page lists A2 before A10 before B1, whatever their lot ids; an old-keyed visit is moved once into its place', async () => {
    await ensureTestTable();
    const db = getDeps().store;
    const programId = newObjectId();
    const visits = [visit(programId, 'B1', 'ORDERB1xx'), visit(programId, 'A10', 'ORDERA10x'), visit(programId, 'A2', 'ORDERA2xx')];
    // As visits were indexed before the lot-number order: by lot id, then uuid.
    const items = visits.map((one) => ({
      ...keys.virtualVisit(one.uuid),
      gsi1pk: 'VVISITS',
      gsi1sk: `${one.createdAt}#${one.uuid}`,
      gsi2pk: `PROGRAM#${programId}#VVISITS`,
      gsi2sk: `${one.lotId}#${one.uuid}`,
      ...one,
    }));
    for (const Item of items) await db.doc.send(new PutCommand({ TableName: db.table, Item }));
    expect(await addVisitOrderKeys(db, items)).toBe(3);
    expect(await addVisitOrderKeys(db, items)).toBe(0);
    const page = await listProgramVisitPage(db, programId, { limit: 10 });
    expect(page.visits.map((one) => one.lotcomm)).toEqual(['A2', 'A10', 'B1']);
    // Two pages of one: the second goes on after the first in the same order.
    const first = await listProgramVisitPage(db, programId, { limit: 1 });
    expect(first.next).toBe(programVisitSortKey(visits[2]));
    const second = await listProgramVisitPage(db, programId, { limit: 1, after: first.next! });
    expect(second.visits.map((one) => one.lotcomm)).toEqual(['A10']);
  });
});
