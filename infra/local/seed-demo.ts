import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultProgramColors } from '../../shared/domain/program';
import type { Lot } from '../../shared/domain/lot';
import { typologySchema } from '../../shared/domain/typology';
import { createAccount } from '../../functions/core/accounts/register';
import { newObjectId } from '../../functions/core/security/ids';
import { putLots } from '../../functions/data/lots-repository';
import { createProgram } from '../../functions/data/programs-repository';
import type { Deps } from '../../functions/runtime/deps';
import { demoAccounts, demoLots, demoPassword } from './demo-data';

const marker = { pk: 'SEED#DEMO', sk: 'SEED' };

/** Seeds the demo data once per data folder (local runs only; never in AWS). */
export async function seedDemoOnce(deps: Deps): Promise<'seeded' | 'already'> {
  const { Item } = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: marker }));
  if (Item) return 'already';

  const users = new Map<string, string>();
  for (const account of demoAccounts) {
    const user = await createAccount(deps, { ...account, password: demoPassword });
    users.set(account.email, user._id);
  }
  const promoterId = users.get('promoteur@demo.livrea.fr')!;
  const amoIds = ['amo1', 'amo2', 'amo3'].map((name) => users.get(`${name}@demo.livrea.fr`)!);
  const now = deps.now().toISOString();
  const programId = newObjectId();
  await createProgram(deps.db, {
    _id: programId,
    name: 'Les Jardins du Parc',
    promotername: 'Horizon Promotion',
    promoterUrl: 'https://www.horizon-promotion.fr',
    adressenumero: '12',
    adresserue: 'rue des Tilleuls',
    adressecodepostal: '69003',
    adresseville: 'Lyon',
    adressepays: 'France',
    mailrespclient: 'relation.client@horizon-promotion.fr',
    colors: defaultProgramColors,
    isArchived: false,
    authorized: amoIds,
    isClientFileSent: false,
    owner: promoterId,
    createdAt: now,
    updatedAt: now,
  });
  const lots: Lot[] = demoLots().map((row) => ({
    _id: newObjectId(),
    program: programId,
    lotcomm: row.lotcomm,
    lotcopro: row.lotcopro,
    titre: row.titre,
    gender: row.titre === 'Madame' ? 'Madame' : 'Monsieur',
    nom: row.nom,
    adresse: row.adresse,
    codepostal: row.codepostal,
    ville: row.ville,
    telephonemonsieur: row.telephonemonsieur,
    mailmonsieur: row.mailmonsieur,
    typologie: typologySchema.parse(row.typologie),
    batiment: row.batiment,
    etage: row.etage,
    owner: users.get(row.mailmonsieur),
    createdAt: now,
    updatedAt: now,
  }));
  await putLots(deps.db, lots);
  await deps.db.doc.send(new PutCommand({ TableName: deps.db.table, Item: { ...marker, seededAt: now, programId } }));
  return 'seeded';
}
