import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { linkHousingAndOwner } from '../../../functions/data/housing-links-repository';
import { listLots } from '../../../functions/data/lots-repository';
import { putFaq } from '../../../functions/data/program-faq-repository';
import { putPost } from '../../../functions/data/program-posts-repository';
import { notificationPut } from '../../../functions/data/housing-notifications-repository';
import { answerAppend, ticketPut, type TicketRecord } from '../../../functions/data/tickets-repository';
import { getUserByEmail } from '../../../functions/data/users-repository';
import { storeAreaFile } from '../../../functions/core/buyer-area/area-files';
import { newObjectId } from '../../../functions/core/security/ids';
import type { Deps } from '../../../functions/runtime/deps';

/** A one-page PDF, enough for a viewer to open. */
function demoPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The buyer area at work on a fresh clone (part 1 §2 buyer area): acquereur1 owns two housings of « Les
 * Jardins du Parc » (its own lot and a second one linked by staff), the program has news, a
 * site-progress post, documents, a FAQ, and a conversation the promoter has answered.
 */
export async function seedBuyerArea(deps: Deps, programId: string): Promise<void> {
  const buyer = await getUserByEmail(deps.store, 'acquereur1@demo.livrea.fr');
  const promoter = await getUserByEmail(deps.store, 'promoteur@demo.livrea.fr');
  const buyer2 = await getUserByEmail(deps.store, 'acquereur2@demo.livrea.fr');
  if (!buyer || !promoter || !buyer2) return;
  const lots = await listLots(deps.store, programId);
  const first = lots.find((lot) => lot.mailmonsieur === buyer.email);
  const own2 = lots.find((lot) => lot.mailmonsieur === buyer2.email);
  // A second purchase of the same buyer: the last lot of building B, linked as staff would (POST /user/housings).
  const second = [...lots].sort((a, b) => a.lotcomm.localeCompare(b.lotcomm)).at(-1);
  if (!first || !second || !own2) return;
  const linkedAt = deps.now().toISOString();
  await linkHousingAndOwner(deps.store, { userId: buyer._id, lotId: first._id, programId, linkedAt });
  await linkHousingAndOwner(deps.store, { userId: buyer._id, lotId: second._id, programId, linkedAt });
  await linkHousingAndOwner(deps.store, { userId: buyer2._id, lotId: own2._id, programId, linkedAt });

  const staff = { userId: promoter._id, role: 'promoter' as const, jti: 'seed', exp: 0 };
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(deps.now().getTime() - daysAgo * day).toISOString();
  const posts = [
    {
      kind: 'actualite' as const,
      title: 'Bienvenue dans votre espace acquéreur',
      body: 'Retrouvez ici les nouvelles de votre résidence, vos documents et vos échanges avec notre équipe.',
      createdAt: at(20),
    },
    {
      kind: 'actualite' as const,
      title: 'Visites cloisons : les invitations sont parties',
      body: 'Les acquéreurs du bâtiment A peuvent dès maintenant réserver leur visite cloisons.',
      createdAt: at(2),
    },
    {
      kind: 'chantier' as const,
      title: 'Gros œuvre terminé',
      body: 'Le gros œuvre des bâtiments A et B est achevé ; les cloisons sont en cours de pose.',
      createdAt: at(10),
    },
  ];
  for (const post of posts) await putPost(deps.store, { _id: newObjectId(), program: programId, images: [], authorId: promoter._id, ...post });

  for (const [title, housing] of [
    ['Notice descriptive', undefined],
    ['Plan du logement', first._id],
  ] as const) {
    await storeAreaFile(deps, staff, { filename: `${title}.pdf`, contentType: 'application/pdf', content: demoPdf(title) }, 'document', {
      program: programId,
      housing,
    });
  }
  await putFaq(
    deps.store,
    programId,
    {
      entries: [
        {
          question: 'Quand aura lieu la livraison ?',
          answer: 'La livraison est prévue au deuxième trimestre ; vous recevrez votre convocation par e-mail et SMS.',
        },
        { question: 'Puis-je venir accompagné aux visites ?', answer: 'Oui, deux accompagnants au plus : indiquez-les lors de votre réservation.' },
        { question: 'Comment signaler un défaut ?', answer: 'Ouvrez une conversation dans l’onglet Messages de votre logement, photos à l’appui.' },
      ],
    },
    linkedAt,
  );

  const ticket: TicketRecord = {
    _id: newObjectId(),
    housing: first._id,
    program: programId,
    lotcomm: first.lotcomm,
    buyerId: buyer._id,
    subject: 'Emplacement des prises de la cuisine',
    message: 'Bonjour, est-il possible de déplacer deux prises du plan de travail ?',
    files: [],
    sender: { _id: buyer._id, name: `${buyer.firstname} ${buyer.lastname}`, side: 'buyer' },
    answers: [],
    createdAt: at(3),
    lastMessageAt: at(3),
    unreadByStaff: true,
  };
  const answer = {
    _id: newObjectId(),
    sender: { _id: promoter._id, name: `${promoter.firstname} ${promoter.lastname}`, side: 'staff' as const },
    message: 'Bonjour, oui : nous en parlerons lors de la visite cloisons.',
    files: [],
    updatedAt: at(1),
  };
  await deps.store.doc.send(new TransactWriteCommand({ TransactItems: [ticketPut(deps.store.table, ticket)] }));
  await deps.store.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        answerAppend(deps.store.table, ticket, answer, false),
        notificationPut(deps.store.table, first._id, { _id: newObjectId(), badgeName: 'messages', ticket: ticket._id, createdAt: at(1) }, first.tenure),
        notificationPut(deps.store.table, first._id, { _id: newObjectId(), badgeName: 'actualite', createdAt: at(2) }, first.tenure),
      ],
    }),
  );
}
