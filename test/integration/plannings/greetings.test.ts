import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { clientRows, clientFileBody } from '../../support/client-file';
import { planningBody, runDueJobs } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';

describe('greetings (part 1 §5: civility from the lot titre, French name order, in pages and e-mails)', () => {
  it("the invitation mail says 'Bonjour Madame Dubois,' and 'Bonjour Monsieur Lefebvre,'; the booking page greets 'Madame Dubois'", async () => {
    // Prepare: a Madame 'Dubois Léa' and a Monsieur 'Lefebvre', as a client file gives them
    const admin = await createUserAndLogin('administrator');
    const promoter = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', {
        token: promoter.token,
        body: { name: 'Résidence des Tilleuls', promotername: 'Tilleuls Promotion', colors: ['rgb(67, 99, 134)'] },
      })
    ).body;
    const [first, second] = clientRows(2, `G${Math.random().toString(36).slice(2, 6)}`);
    const rows = [
      { ...first, titre: 'Madame', nom: 'Dubois Léa' },
      { ...second, titre: 'Monsieur', nom: 'Lefebvre' },
    ];
    expect((await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) })).status).toBe(202);
    const clients = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: promoter.token })).body.clients as {
      _id: string;
      nom: string;
    }[];

    // Act: a planning with the default invitation text ('Bonjour <NOM>,'), invitations leaving at once
    const created = await call('POST', '/api/rdv', {
      token: promoter.token,
      body: planningBody(
        program._id,
        clients.map((client) => client._id),
      ),
    });
    expect(created.status).toBe(201);
    await runDueJobs();

    // Assess
    const outbox = await listOutboxMessages(getDeps().store);
    const mailTo = (address: string) => outbox.find((message) => message.channel === 'email' && message.to.includes(address))!;
    expect(mailTo(rows[0].mailmonsieur).text).toMatch(/^Bonjour Madame Dubois,/);
    expect(mailTo(rows[1].mailmonsieur).text).toMatch(/^Bonjour Monsieur Lefebvre,/);
    const { meetings } = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: promoter.token })).body as {
      meetings: { uuid: string; guest: { nom: string } }[];
    };
    const dubois = meetings.find((meeting) => meeting.guest.nom === 'Dubois Léa')!;
    const page = await call('GET', `/api/rdv/usr/${dubois.uuid}`, {});
    expect(page.body.meeting.guestName).toBe('Madame Dubois');
  });
});
