import type { AppointmentLog } from '../../../shared/domain/appointment-log';
import type { Phase } from '../../../shared/domain/planning';
import { seededRandom } from '../../../shared/scheduling/seeded-random';
import { createDefaultTemplates } from '../../../functions/core/templates/default-templates';
import { appointmentLogPut } from '../../../functions/data/appointment-logs-repository';
import type { Deps } from '../../../functions/runtime/deps';
import { isConditionFailure } from '../../../functions/data/db';
import { batchWrite } from '../../../functions/data/batch-write';
import { createInvoiceEntity } from '../../../functions/data/invoice-entities-repository';

/** Two invoicing entities the logs are billed to (the « Entité » grouping then shows names); Alpes Immobilier has none. */
export const demoInvoiceEntities = [
  { _id: 'dec0000000000000000000e1', raisonsociale: 'Horizon Promotion SAS', siret: '732829320', adresseville: 'Lyon', credits: 600 },
  { _id: 'dec0000000000000000000e2', raisonsociale: 'Rhône Habitat SA', siret: '552100554', adresseville: 'Villeurbanne', credits: 150 },
] as const;

const programs = [
  { program: 'Les Jardins du Parc', promoter: 'Horizon Promotion', programId: 'demo0000000000000000000a', invoiceEntity: demoInvoiceEntities[0]._id },
  { program: 'Résidence Belvédère', promoter: 'Horizon Promotion', programId: 'demo0000000000000000000b', invoiceEntity: demoInvoiceEntities[0]._id },
  { program: 'Le Clos des Vignes', promoter: 'Rhône Habitat', programId: 'demo0000000000000000000c', invoiceEntity: demoInvoiceEntities[1]._id },
  { program: 'Quai Saint-Vincent', promoter: 'Rhône Habitat', programId: 'demo0000000000000000000d', invoiceEntity: demoInvoiceEntities[1]._id },
  { program: 'Les Terrasses du Lac', promoter: 'Alpes Immobilier', programId: 'demo0000000000000000000e' },
];
const phases: Phase[] = ['choices', 'partitions', 'predelivery', 'delivery'];
const phaseNames: Record<Phase, string> = { choices: 'Choix', partitions: 'Cloisons', predelivery: 'Pré-livraison', delivery: 'Livraison', custom: 'Visite' };
const dayMs = 86_400_000;

/**
 * A year of planning-creation logs (part 3 §2: the logs and trends charts are not empty with
 * `npm start`): 2 to 9 creations a week, growing over the year, on working days at office hours.
 * Log items only, not full plannings, so the seed stays fast. Deterministic (seeded random).
 */
export function demoAppointmentLogs(now: Date): AppointmentLog[] {
  const random = seededRandom(18);
  const logs: AppointmentLog[] = [];
  for (let daysAgo = 365; daysAgo >= 1; daysAgo -= 1) {
    const day = new Date(now.getTime() - daysAgo * dayMs);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const perDay = 0.4 + (1.2 * (365 - daysAgo)) / 365;
    for (let count = Math.floor(perDay + random()); count > 0; count -= 1) {
      const place = programs[Math.floor(random() * programs.length)];
      const phase = phases[Math.floor(random() * phases.length)];
      const createdAt = new Date(
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6 + Math.floor(random() * 10), Math.floor(random() * 60)),
      ).toISOString();
      logs.push({
        planningId: `demo${String(logs.length).padStart(20, '0')}`,
        nom: `Visites ${phaseNames[phase].toLowerCase()} bâtiment ${'ABC'[Math.floor(random() * 3)]}`,
        ...place,
        phase,
        templateType: random() < 0.8 ? 'promoter' : 'promoterImpose',
        createdAt,
      });
    }
  }
  return logs;
}

/** The demo's templates (the French default set for the promoter and the first AMO), its invoicing entities and a year of logs. */
export async function seedTemplatesAndLogs(deps: Deps, ownerIds: string[]): Promise<void> {
  const now = deps.now();
  await Promise.all(ownerIds.map((ownerId) => createDefaultTemplates(deps.store, ownerId, now)));
  const at = now.toISOString();
  for (const entity of demoInvoiceEntities) {
    const record = {
      ...entity,
      formejuridique: 'sas',
      adressenumero: '1',
      adresserue: 'place Bellecour',
      adressecodepostal: '69002',
      adressepays: 'France',
      promoter: ownerIds[0] ?? '',
      createdAt: at,
      updatedAt: at,
    };
    try {
      await createInvoiceEntity(deps.store, record);
    } catch (error) {
      // A second seed of the same table finds them there.
      if (!isConditionFailure(error)) throw error;
    }
  }
  const puts = demoAppointmentLogs(now).map((log) => ({ PutRequest: { Item: appointmentLogPut(deps.store, log).Put.Item } }));
  // The batches go out in parallel: the seed runs before `npm start` answers.
  await batchWrite(deps.store, puts, 16);
}
