import { spawn } from 'node:child_process';
import { startDynamoDbLocal } from '../../../infra/local/dynamodb-local';

jest.setTimeout(60_000);

/**
 * A stand-in for DynamoDB Local's JVM: a node process that answers DynamoDB's ListTables only
 * after `answerAfterMs` (a JVM slow to start on a loaded machine), or exits after `exitAfterMs`.
 */
function fakeDynamo(behaviour: { answerAfterMs?: number; exitAfterMs?: number }) {
  return (port: number) =>
    spawn(
      process.execPath,
      [
        '-e',
        `
        const { createServer } = require('node:http');
        const { answerAfterMs, exitAfterMs } = ${JSON.stringify(behaviour)};
        if (exitAfterMs !== undefined) setTimeout(() => { console.error('Error: Could not find or load main class'); process.exit(1); }, exitAfterMs);
        if (answerAfterMs !== undefined) setTimeout(() => createServer((request, response) => {
          request.resume();
          request.on('end', () => { response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }); response.end('{"TableNames":[]}'); });
        }).listen(${'${port}'}, '127.0.0.1'), answerAfterMs);
        setInterval(() => {}, 1000);
        `.replace('${port}', String(port)),
      ],
      { stdio: 'pipe' },
    );
}

describe('npm start waits for DynamoDB Local as long as its process lives (README, first npm start)', () => {
  it('a JVM slow to answer is waited for, with a progress line in French, past any fixed delay', async () => {
    const lines: string[] = [];
    const dynamo = await startDynamoDbLocal({ launch: fakeDynamo({ answerAfterMs: 2500 }), progress: (line) => lines.push(line), progressEveryMs: 500 });
    try {
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toMatch(/^DynamoDB Local démarre \(Java\) depuis \d+ s : en attente, sans limite tant que son processus tourne…$/);
    } finally {
      await dynamo.stop();
    }
  });

  it('a process that exits while starting fails at once, with the end of its output', async () => {
    const started = startDynamoDbLocal({ launch: fakeDynamo({ exitAfterMs: 300 }), progress: () => undefined });
    await expect(started).rejects.toThrow("DynamoDB Local s'est arrêté au démarrage : Error: Could not find or load main class");
  });
});
