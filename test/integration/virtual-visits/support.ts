import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { multipartFile } from '../../support/client-file';
import { call } from '../../support/test-api';

export const tour = (id: string) => `https://my.matterport.com/show/?m=${id}`;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let sequence = 0;

/** A fresh 9-character visit id. */
export function visitId(): string {
  sequence += 1;
  return `T${Date.now().toString(36).slice(-5)}${String(sequence).padStart(3, '0')}`.slice(0, 9);
}

const today = () => new Date().toISOString().slice(0, 10);
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A visit promoter created through the API, with a logo. */
export async function promoterWithLogo(token: string, name = 'Lac Promotion') {
  const created = await call('POST', '/api/promoter/create', {
    token,
    body: {
      name,
      internalName: `${name} interne ${sequence}`,
      firstParagraph: 'Bienvenue dans votre futur logement.',
      secondParagraph: 'Parcourez chaque pièce.',
      thirdParagraph: 'Bonne visite !',
    },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const logo = await call('POST', `/api/promoters/${created.body._id}/logo`, { token, ...multipartFile('logo', 'logo.png', 'image/png', png) });
  if (logo.status !== 200) throw new Error(JSON.stringify(logo.body));
  return created.body._id as string;
}

/** The admin form's body, valid unless overridden. */
export function visitBody(promoter: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Mme Durand',
    promoter,
    pointer: 'Appartement A12',
    payload: `${tour('AAA111')};${tour('BBB222')}`,
    email: 'durand@exemple.fr',
    startDate: today(),
    endDate: inDays(7),
    uuid: visitId(),
    sendMail: false,
    ...overrides,
  };
}

/** The outbox mails sent to an address. */
export async function mailsTo(address: string) {
  return (await listOutboxMessages(getDeps().store)).filter((message) => message.to.includes(address));
}
