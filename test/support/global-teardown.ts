export default async function globalTeardown(): Promise<void> {
  const dynamo = (globalThis as { __livreaDynamo?: { stop(): Promise<void> } }).__livreaDynamo;
  await dynamo?.stop();
}
