import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** A command as the document client's `send` receives it (a TransactWriteCommand, a QueryCommand…: narrow it with instanceof). */
export interface SentCommand {
  readonly input: object;
}

/**
 * Puts `around` between the product and DynamoDB for one test: it sees each command the document
 * client sends and decides what to answer (the real `send`, a failure, a write slipped in before).
 * `mockRestore()` on the returned spy puts the real `send` back.
 */
export function spyOnSend(doc: DynamoDBDocumentClient, around: (command: SentCommand, send: (command: SentCommand) => Promise<unknown>) => Promise<unknown>) {
  const original = doc.send.bind(doc) as (command: SentCommand, ...rest: unknown[]) => Promise<unknown>;
  const replacement = (command: SentCommand, ...rest: unknown[]) => around(command, (sent) => original(sent, ...rest));
  // `send` has a callback overload that returns void; the product only uses its promise form, which is the one served here.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  return jest.spyOn(doc, 'send').mockImplementation(replacement as unknown as DynamoDBDocumentClient['send']);
}
