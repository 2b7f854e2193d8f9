import { getDeps } from '../../../functions/runtime/deps';
import { maxDeliveriesPerPage } from '../../../shared/domain/delivery-log';
import { maxTicketsPerPage } from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { deliveryLogMessages } from '../../../shared/messages/planning-reads';
import type { Delivery } from '../../../functions/data/deliveries-repository';
import type { TicketRecord } from '../../../functions/data/tickets-repository';
import { bigDeliveryLog, bigProgram, signIn, useBigWorldTable } from '../../support/big-world';
import { seedTickets, seededDeliveryStatus, unreadEvery } from '../../support/seed-big-program';
import { call, type TestResponse } from '../../support/test-api';

/**
 * docs/architecture.md « Bounded answers »: the list routes whose answer grows with a program's
 * buyers, sends and conversations answer a page at a time, each page under 1 MB, at 10,000 lots.
 * One program of 10,000 lots, a planning of 10,000 buyers and a delivery log of 10,000 lines: the
 * run's big world (test/support/big-world.ts), read only; the 10,000 conversations, which a test
 * here answers, are this file's own, written straight through the data layer (seed-big-program.ts).
 */
const lotCount = 10_000;
const oneMegabyte = 1_000_000;
const bodyBytes = (response: TestResponse) => Buffer.byteLength(JSON.stringify(response.body));

let token = '';
let programId = '';
let planningId = '';
let deliveries: Delivery[] = [];
let tickets: TicketRecord[] = [];

beforeAll(async () => {
  await useBigWorldTable();
  const program = await bigProgram();
  token = await signIn(program.owner);
  programId = program.programId;
  tickets = await seedTickets(getDeps().store, programId, program.lots);
  const log = await bigDeliveryLog();
  planningId = log.planning.planningId;
  deliveries = log.deliveries;
}, 600_000);

/** Every page of a list route from the first (`path` already carries its query), following `nextCursor`. */
async function everyPage(path: string): Promise<TestResponse[]> {
  const pages: TestResponse[] = [];
  let cursor: string | null = null;
  do {
    const page: TestResponse = await call('GET', `${path}${path.includes('?') ? '&' : '?'}${cursor ? `cursor=${cursor}` : ''}`, { token });
    expect(page.status).toBe(200);
    pages.push(page);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /rdv/{id}/deliveries at 10,000 buyers: the delivery log a page at a time', () => {
  it('pages through every line exactly once, newest first, each with its buyer, every page under 1 MB', async () => {
    const pages = await everyPage(`/api/rdv/${planningId}/deliveries?limit=${maxDeliveriesPerPage}`);
    for (const page of pages) {
      expect(page.body.deliveries.length).toBeLessThanOrEqual(maxDeliveriesPerPage);
      expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
    }
    const lines: (Delivery & { buyer?: { lotcomm: string; nom: string } })[] = pages.flatMap((page) => page.body.deliveries);
    // The seeded lines, and the invitation the planning's creation sent its first buyer.
    const ids = lines.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seeded = new Set(deliveries.map((delivery) => delivery.id));
    expect(ids.filter((id) => seeded.has(id))).toEqual([...deliveries].reverse().map((delivery) => delivery.id));
    expect(lines.every((line) => line.buyer !== undefined)).toBe(true);
  }, 120_000);

  it('without a limit a page holds 100 lines; the status filter keeps only the failed lines, page after page', async () => {
    const first = await call('GET', `/api/rdv/${planningId}/deliveries`, { token });
    expect(first.body.deliveries).toHaveLength(100);
    const failed = (await everyPage(`/api/rdv/${planningId}/deliveries?status=failed&limit=50`)).flatMap((page) => page.body.deliveries as Delivery[]);
    const expected = deliveries.filter((_, index) => seededDeliveryStatus(index) === 'failed');
    expect(failed.map((line) => line.id).sort()).toEqual(expected.map((delivery) => delivery.id).sort());
    expect(failed.every((line) => line.status === 'failed')).toBe(true);
  }, 120_000);

  it('refuses a damaged cursor, a limit past 500 and an unknown status with a French 400', async () => {
    const damaged = await call('GET', `/api/rdv/${planningId}/deliveries?cursor=${Buffer.from('LOT#x').toString('base64url')}`, { token });
    expect([damaged.status, damaged.body.message]).toEqual([400, deliveryLogMessages.invalidCursor]);
    const tooMany = await call('GET', `/api/rdv/${planningId}/deliveries?limit=${maxDeliveriesPerPage + 1}`, { token });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, deliveryLogMessages.invalidLimit]);
    const unknown = await call('GET', `/api/rdv/${planningId}/deliveries?status=perdu`, { token });
    expect([unknown.status, unknown.body.message]).toEqual([400, deliveryLogMessages.invalidStatus]);
  });
});

describe('GET /projets/{id}/messages at 10,000 conversations: waiting for staff first, a page at a time', () => {
  it('pages through every conversation exactly once, unread first then latest message first, every page under 1 MB (heavy threads included)', async () => {
    const pages = await everyPage(`/api/projets/${programId}/messages?limit=${maxTicketsPerPage}`);
    for (const page of pages) {
      expect(page.body.tickets.length).toBeLessThanOrEqual(maxTicketsPerPage);
      expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
    }
    const answered: { _id: string; unreadByStaff: boolean; lastMessageAt: string }[] = pages.flatMap((page) => page.body.tickets);
    const expected = [...tickets].sort((a, b) => Number(b.unreadByStaff) - Number(a.unreadByStaff) || b.lastMessageAt.localeCompare(a.lastMessageAt));
    expect(answered.map((ticket) => ticket._id)).toEqual(expected.map((ticket) => ticket._id));
    expect(answered.filter((ticket) => ticket.unreadByStaff)).toHaveLength(Math.ceil(lotCount / unreadEvery));
  }, 180_000);

  it('a staff answer moves the conversation below those still waiting for staff', async () => {
    const first = await call('GET', `/api/projets/${programId}/messages?limit=5`, { token });
    const waiting = first.body.tickets[0];
    expect(waiting.unreadByStaff).toBe(true);
    const answer = await call('POST', `/api/projets/${programId}/messages/${waiting._id}/answers`, {
      token,
      body: { message: 'Bonjour, la livraison est prévue en juin.', files: [] },
    });
    expect(answer.status).toBe(201);
    const again = await call('GET', `/api/projets/${programId}/messages?limit=5`, { token });
    expect(again.body.tickets.map((ticket: { _id: string }) => ticket._id)).not.toContain(waiting._id);
    expect(again.body.tickets.every((ticket: { unreadByStaff: boolean }) => ticket.unreadByStaff)).toBe(true);
  });

  it('one lot’s conversations come from its own index, in one page', async () => {
    const lot = await call('GET', `/api/projets/${programId}/messages?lot=${tickets[1].housing}`, { token });
    expect(lot.status).toBe(200);
    expect(lot.body.tickets.map((ticket: { _id: string }) => ticket._id)).toEqual([tickets[1]._id]);
    expect(lot.body.nextCursor).toBeNull();
  });

  it('refuses a damaged cursor and a limit past 100 with a French 400', async () => {
    const damaged = await call('GET', `/api/projets/${programId}/messages?cursor=${Buffer.from('2026#nope').toString('base64url')}`, { token });
    expect([damaged.status, damaged.body.message]).toEqual([400, buyerAreaMessages.invalidTicketCursor]);
    const tooMany = await call('GET', `/api/projets/${programId}/messages?limit=${maxTicketsPerPage + 1}`, { token });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, buyerAreaMessages.invalidTicketLimit]);
  });
});
