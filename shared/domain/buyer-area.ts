import { z } from 'zod';
import { objectIdSchema } from './ids';
import { pageCursorSchema, pageLimitSchema } from './page-query';
import { buyerAreaMessages } from '../messages/buyer-area';
import { programMessages } from '../messages/programs';
import { messages } from '../messages/common';

/**
 * The buyer area (part 1 §2 « Buyer area », §3 Housing / Ticket / File, §7 the /users/me/housings…
 * calls): values as the API answers them, and the bodies it accepts.
 */

/** Sub-pages that carry a badge (part 1 §2, §3 « notifications {actualite, tmas, choix, messages, documents, chantier} »). */
const badgeNames = ['actualite', 'tmas', 'choix', 'messages', 'documents', 'chantier'] as const;
const badgeNameSchema = z.enum(badgeNames);
export type BadgeName = z.infer<typeof badgeNameSchema>;

/** Conversation attachments: png, jpeg, jpg (part 1 §5), checked by their bytes. */
export const attachmentTypes = ['image/png', 'image/jpeg'] as const;
/** Documents staff share: PDF, images, office files. */
export const documentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/msword',
] as const;

/** A file as listed: its name and a short-lived signed download link. */
const areaFileSchema = z.object({
  _id: z.string(),
  metadata: z.object({ originalname: z.string() }),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  url: z.string(),
});
export type AreaFile = z.infer<typeof areaFileSchema>;

/** A document as staff list it: who it is shared with (a housing, or the whole program when absent). */
const staffDocumentSchema = areaFileSchema.extend({ housing: z.string().optional() });
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

/** The most documents one page of a program's document list answers (each with its link, about 500 bytes). */
export const maxDocumentsPerPage = 500;

/**
 * GET /projets/{id}/documents?cursor&limit: a page of the program's documents, newest first
 * (docs/architecture.md « Bounded answers »): those shared with one housing make them grow with the buyers.
 */
export const programDocumentsQuerySchema = z.object({
  cursor: pageCursorSchema(buyerAreaMessages.invalidDocumentCursor),
  limit: pageLimitSchema(maxDocumentsPerPage, 100, buyerAreaMessages.invalidDocumentLimit),
});
export type ProgramDocumentsQuery = z.infer<typeof programDocumentsQuerySchema>;

export const staffDocumentPageSchema = z.object({ documents: z.array(staffDocumentSchema), nextCursor: z.string().nullable() });

/**
 * GET /users/me/documents?housing&cursor&limit: the documents of a buyer's housing and its program,
 * newest first, a page at a time (docs/architecture.md « Bounded answers »): the program's index is
 * read at most 2,000 documents a page, so a page may be short, even empty, with `nextCursor`.
 */
export const housingDocumentsQuerySchema = programDocumentsQuerySchema.extend({ housing: objectIdSchema(buyerAreaMessages.housingNotFound) });
export type HousingDocumentsQuery = z.infer<typeof housingDocumentsQuerySchema>;
export const housingDocumentPageSchema = z.object({ documents: z.array(areaFileSchema), nextCursor: z.string().nullable() });

export const senderSchema = z.object({ _id: z.string(), name: z.string(), side: z.enum(['buyer', 'staff']) });
export type Sender = z.infer<typeof senderSchema>;

export const answerSchema = z.object({ _id: z.string(), sender: senderSchema, message: z.string(), files: z.array(areaFileSchema), updatedAt: z.string() });

export const ticketSchema = z.object({
  _id: z.string(),
  housing: z.string(),
  program: z.string(),
  lotcomm: z.string(),
  subject: z.string(),
  message: z.string(),
  files: z.array(areaFileSchema),
  sender: senderSchema,
  answers: z.array(answerSchema),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** For staff: the buyer wrote last and no staff member answered since. */
  unreadByStaff: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The most conversations one page of a program's messages answers (each may carry many answers: a page is also bounded in bytes). */
export const maxTicketsPerPage = 100;

/** GET /projets/{id}/messages?cursor&limit&lot: `cursor` is the `nextCursor` of the previous page (opaque). */
export const programMessagesQuerySchema = z.object({
  lot: objectIdSchema(buyerAreaMessages.housingNotFound).optional(),
  cursor: pageCursorSchema(buyerAreaMessages.invalidTicketCursor),
  limit: pageLimitSchema(maxTicketsPerPage, 50, buyerAreaMessages.invalidTicketLimit),
});
export type ProgramMessagesQuery = z.infer<typeof programMessagesQuerySchema>;

/** A page of a program's conversations, waiting for staff first, then by latest message; `nextCursor` null at the end. */
export const programMessagesPageSchema = z.object({ tickets: z.array(ticketSchema), nextCursor: z.string().nullable() });
export type ProgramMessagesPage = z.infer<typeof programMessagesPageSchema>;

export const notificationSchema = z.object({ _id: z.string(), badgeName: badgeNameSchema, ticket: z.string().optional(), createdAt: z.string() });
export type HousingNotification = z.infer<typeof notificationSchema>;

export const housingSchema = z.object({
  _id: z.string(),
  lotcomm: z.string(),
  typologie: z.string(),
  batiment: z.string(),
  etage: z.string(),
  adresse: z.string().optional(),
  codepostal: z.string().optional(),
  ville: z.string().optional(),
  program: z.object({ _id: z.string(), name: z.string(), hasAvatar: z.boolean(), adresse: z.string() }),
  notifications: z.array(notificationSchema),
});
export type Housing = z.infer<typeof housingSchema>;

export const nextVisitSchema = z.object({ planningName: z.string(), start: z.string().nullable(), link: z.string(), housing: z.string() });
export type NextVisit = z.infer<typeof nextVisitSchema>;

const postKinds = ['actualite', 'chantier'] as const;
export const postKindSchema = z.enum(postKinds);
export const postSchema = z.object({
  _id: z.string(),
  kind: postKindSchema,
  title: z.string(),
  body: z.string(),
  images: z.array(areaFileSchema),
  createdAt: z.string(),
});
export type ProgramPost = z.infer<typeof postSchema>;

const faqEntrySchema = z.object({
  question: z.string().trim().min(1, messages.required).max(300),
  answer: z.string().trim().min(1, messages.required).max(3000),
});
export const faqSchema = z.object({ entries: z.array(faqEntrySchema).max(100) });
export type Faq = z.infer<typeof faqSchema>;

const fileIds = z.array(objectIdSchema(buyerAreaMessages.fileNotFound)).max(5).default([]);
const replyText = z.string().trim().min(1, buyerAreaMessages.emptyReply).max(5000);

/** POST /users/me/answer/create (part 1 §7: files, message, ticket). */
export const answerCreateSchema = z.object({ ticket: objectIdSchema(buyerAreaMessages.ticketNotFound), message: replyText, files: fileIds });
/** A new conversation (subject, message, attachments). */
export const ticketCreateSchema = z.object({ subject: z.string().trim().min(1, buyerAreaMessages.emptySubject).max(200), message: replyText, files: fileIds });
/** A staff reply. */
export const staffAnswerSchema = z.object({ message: replyText, files: fileIds });
/** POST /user/housings (part 2 §7: email, lotcomm, program, vrId). */
export const housingLinkSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(messages.emailInvalid)),
  lotcomm: z.string().trim().min(1, messages.required).max(40),
  program: objectIdSchema(programMessages.notFound),
  vrId: z.string().max(100).optional(),
});
export const postCreateSchema = z.object({
  kind: postKindSchema,
  title: z.string().trim().min(1, messages.required).max(200),
  body: z.string().trim().min(1, messages.required).max(5000),
  images: fileIds,
});
export const documentCreateSchema = z.object({
  key: z.string().max(200),
  filename: z.string().trim().min(1).max(255),
  /** A housing of the program, or none: the whole program. */
  housing: objectIdSchema().optional(),
});
