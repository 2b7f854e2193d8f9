import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { freePlanning } from '../planning-actions/support';

const bitsOf = (id: string) => Buffer.from(id, 'base64url').length * 8;

describe('links that open without signing in have at least 128 random bits', () => {
  it('a new planning: its read-only calendar link (/pview) and every buyer link', async () => {
    const setup = await freePlanning({ lots: 3 });
    const { planning } = await setup.read();
    expect(bitsOf(planning.uuid)).toBeGreaterThanOrEqual(128);
    for (const meeting of setup.meetings) expect(bitsOf(meeting.uuid)).toBeGreaterThanOrEqual(128);
    expect((await call('GET', `/api/rdv/r/${planning.uuid}`)).status).toBe(200);
  });

  it('a planning created with an older 72-bit link still opens by it', async () => {
    const setup = await freePlanning({ lots: 2 });
    const older = 'AbCdEf123456';
    await getDeps().store.doc.send(
      new UpdateCommand({
        TableName: getDeps().store.table,
        Key: keys.planning(setup.planningId),
        UpdateExpression: 'SET #uuid = :uuid, gsi2pk = :pk',
        ExpressionAttributeNames: { '#uuid': 'uuid' },
        ExpressionAttributeValues: { ':uuid': older, ':pk': `PLANNINGUUID#${older}` },
      }),
    );
    const response = await call('GET', `/api/rdv/r/${older}`);
    expect(response.status).toBe(200);
    expect(response.body.plannings[0].uuid).toBe(older);
  });
});
