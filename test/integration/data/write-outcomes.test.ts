import { randomUUID } from 'node:crypto';
import { commitBuyerAreaChanges } from '../../../functions/data/buyer-area-writes';
import { newJob, putJob } from '../../../functions/data/jobs-repository';
import { keys } from '../../../functions/data/keys';
import { startProgramDeletion } from '../../../functions/data/program-deletion-writes';
import type { TicketRecord } from '../../../functions/data/tickets-repository';
import { recordNewVisit } from '../../../functions/data/visit-creation-writes';
import type { VirtualVisitRecord } from '../../../functions/data/virtual-visits-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { putItems } from '../../support/seed-big-program';

/**
 * The data layer's named writes tell the use case which of their conditions failed, by the role of
 * the write that failed (DynamoDB's cancellation reasons), never by a position the use case knows.
 */
const store = () => getDeps().store;
const now = new Date('2026-11-30T09:00:00.000Z');
const id = () => randomUUID().replace(/-/g, '').slice(0, 24);

function visit(uuid: string): VirtualVisitRecord {
  return {
    _id: id(),
    uuid,
    name: 'Martin',
    promoter: '',
    pointer: 'https://my.matterport.com/show/?m=outcome',
    payload: '',
    email: '',
    startDate: now.toISOString(),
    endDate: new Date(now.getTime() + 86_400_000).toISOString(),
    sendMail: false,
    counter: 0,
    notified: false,
    createdAt: now.toISOString(),
    createdBy: id(),
  };
}

const freshUuid = () => randomUUID().slice(0, 9);

describe('a named write answers which named condition failed', () => {
  it('a new visit recorded commits', async () => {
    await expect(recordNewVisit(store(), visit(freshUuid()), null)).resolves.toEqual({ committed: true });
  });

  it('a new visit whose uuid is taken answers { lost: uuid-taken }', async () => {
    const uuid = freshUuid();
    await recordNewVisit(store(), visit(uuid), null);
    await expect(recordNewVisit(store(), visit(uuid), null)).resolves.toEqual({ committed: false, lost: ['uuid-taken'] });
  });

  it('a new visit for a buyer entry that is gone or has a visit answers { lost: buyer-has-visit }, not the uuid', async () => {
    const outcome = await recordNewVisit(store(), visit(freshUuid()), null, { planningId: id(), meetingUuid: id(), at: now.toISOString() });
    expect(outcome).toEqual({ committed: false, lost: ['buyer-has-visit'] });
  });

  it('a message answering a deleted conversation answers { lost: ticket-gone }; one attaching a file that is not there, { lost: file-taken }', async () => {
    const ticket: TicketRecord = {
      _id: id(),
      housing: id(),
      program: id(),
      lotcomm: 'A01',
      buyerId: id(),
      subject: 'Parquet',
      message: 'Une latte bouge.',
      files: [],
      sender: { _id: id(), name: 'Jeanne Martin', side: 'buyer' },
      answers: [],
      createdAt: now.toISOString(),
      lastMessageAt: now.toISOString(),
      unreadByStaff: true,
    };
    const answer = { _id: id(), sender: ticket.sender, message: 'Toujours là ?', files: [], updatedAt: now.toISOString() };
    await expect(commitBuyerAreaChanges(store(), [{ kind: 'answer', ticket, answer, unreadByStaff: true }])).resolves.toEqual({
      committed: false,
      lost: ['ticket-gone'],
    });
    await expect(
      commitBuyerAreaChanges(store(), [
        { kind: 'newTicket', ticket },
        { kind: 'fileAttached', fileId: id(), uploaderId: ticket.buyerId, owner: { attachedTo: ticket._id, program: ticket.program } },
      ]),
    ).resolves.toEqual({ committed: false, lost: ['file-taken'] });
  });

  it('starting the deletion of a program that is gone answers { lost: program-gone }; of one whose purge is queued, { lost: purge-queued }', async () => {
    const programId = id();
    const purge = newJob(`purge-program-${programId}`, 'purge-program', { programId }, now, now);
    await expect(startProgramDeletion(store(), programId, purge, now)).resolves.toEqual({ committed: false, lost: ['program-gone'] });
    await putItems(store(), [{ ...keys.program(programId), _id: programId }]);
    await putJob(store(), purge);
    await expect(startProgramDeletion(store(), programId, purge, now)).resolves.toEqual({ committed: false, lost: ['purge-queued'] });
  });
});
