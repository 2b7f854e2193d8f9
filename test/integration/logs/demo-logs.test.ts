import { getDeps } from '../../../functions/runtime/deps';
import { demoPassword } from '../../../infra/local/demo-data';
import { demoAppointmentLogs, demoInvoiceEntities, seedTemplatesAndLogs } from '../../../infra/local/demo/templates-and-logs';
import { seedDemoOnce } from '../../../infra/local/seed-demo';
import { defaultCustomMail, defaultTemplates, defaultVirtualVisitText } from '../../../shared/messages/default-templates';
import { periodOf } from '../../../shared/logs/periods';
import { call, uniqueIp } from '../../support/test-api';

const login = async (email: string) =>
  (await call('POST', '/api/users/login', { body: { email, password: demoPassword }, ip: uniqueIp() })).body.token as string;

describe('demo data for part 3 §2 (the logs and trends charts are not empty with npm start)', () => {
  beforeAll(async () => {
    const started = Date.now();
    await seedDemoOnce(getDeps());
    console.log(`bench demo-seed whole-seed ms=${Date.now() - started}`);
  }, 180_000);

  it('a year of planning creations: every one of the last 12 months has some, the demo planning included', async () => {
    const { logs } = (await call('GET', '/api/rdv/logs', { token: await login('admin@demo.livrea.fr') })).body as {
      logs: { createdAt: string; nom: string }[];
    };
    const months = new Set(logs.map((log) => periodOf(log.createdAt.slice(0, 10), 'month')));
    expect(logs.length).toBeGreaterThan(200);
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(logs.filter((log) => !log.nom.startsWith('Visites ')).length + logs.filter((log) => log.nom.startsWith('Visites ')).length).toBe(logs.length);
  });

  it('the year of logs is written in a few seconds (figure printed, no timing assertion)', async () => {
    const started = Date.now();
    await seedTemplatesAndLogs(getDeps(), []);
    console.log(`bench demo-seed year-of-appointment-logs items=${demoAppointmentLogs(new Date()).length} ms=${Date.now() - started}`);
    expect(demoAppointmentLogs(new Date('2026-11-24T06:00:00Z'))).toEqual(demoAppointmentLogs(new Date('2026-11-24T06:00:00Z')));
  });

  it('the logs are billed to the demo invoicing entities, so the « Entité » grouping shows their names', async () => {
    const token = await login('admin@demo.livrea.fr');
    const { logs } = (await call('GET', '/api/rdv/logs', { token })).body as { logs: { invoiceEntity?: string }[] };
    const entities = (await call('GET', '/api/admin/clients', { token })).body as { _id: string; raisonsociale: string }[];
    const names = new Map(entities.map((entity) => [entity._id, entity.raisonsociale]));
    const billed = new Set(logs.flatMap((log) => (log.invoiceEntity ? [names.get(log.invoiceEntity)] : [])));
    expect([...billed].sort()).toEqual(demoInvoiceEntities.map((entity) => entity.raisonsociale).sort());
    expect(logs.some((log) => !log.invoiceEntity)).toBe(true);
  });

  it('the promoter and the first AMO have the French default templates', async () => {
    for (const email of ['promoteur@demo.livrea.fr', 'amo1@demo.livrea.fr']) {
      const { templates } = (await call('GET', '/api/users/me/templates', { token: await login(email) })).body as {
        templates: { name: string; customMail?: string; virtualVisit?: unknown }[];
      };
      expect(templates.map((template) => template.name).sort()).toEqual(defaultTemplates.map((template) => template.name).sort());
      for (const template of templates)
        expect(template).toEqual(expect.objectContaining({ customMail: defaultCustomMail, virtualVisit: defaultVirtualVisitText }));
    }
  });
});
