import { PartitionLedger, dynamoDbPartitionLimits } from '../../../functions/adapters/local/throughput/partition-ledger';
import { consumedUnits, requestPartitions } from '../../../functions/adapters/local/throughput/request-partitions';
import { takeConsumedCapacity } from '../../../functions/adapters/local/throughput/throughput-model';

describe("DynamoDB's partition limits, as the local runtime accounts them", () => {
  it('one partition key serves 1,000 write units and 3,000 read units a second; the next second starts afresh', () => {
    const ledger = new PartitionLedger(dynamoDbPartitionLimits);
    ledger.charge('t//PLANNING#1', 'write', 999, 5_000);
    expect(ledger.refuses([{ key: 't//PLANNING#1', access: 'write' }], 5_100)).toBe(false);
    ledger.charge('t//PLANNING#1', 'write', 1, 5_200);
    expect(ledger.refuses([{ key: 't//PLANNING#1', access: 'write' }], 5_300)).toBe(true);
    // Reads of the same key have their own units.
    expect(ledger.refuses([{ key: 't//PLANNING#1', access: 'read' }], 5_300)).toBe(false);
    expect(ledger.refuses([{ key: 't//PLANNING#1', access: 'write' }], 6_000)).toBe(false);
    ledger.charge('t//PLANNING#2', 'read', 3_000, 6_000);
    expect(ledger.refuses([{ key: 't//PLANNING#2', access: 'read' }], 6_500)).toBe(true);
    expect(ledger.snapshot()).toMatchObject({
      throttled: 2,
      writeUnits: 1_000,
      readUnits: 3_000,
      peakWriteUnitsPerSecond: 1_000,
      peakReadUnitsPerSecond: 3_000,
    });
  });

  it('a transaction is refused when any of its partition keys has spent its second', () => {
    const ledger = new PartitionLedger({ readUnitsPerSecond: 10, writeUnitsPerSecond: 2 });
    ledger.charge('t//HOT', 'write', 2, 0);
    expect(
      ledger.refuses(
        [
          { key: 't//COLD', access: 'write' },
          { key: 't//HOT', access: 'write' },
        ],
        10,
      ),
    ).toBe(true);
  });

  it('the partitions of each call: the key of an item, the hash key of a query (on the table or an index), every item of a batch or a transaction', () => {
    const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'x' } });
    expect(requestPartitions('GetItem', { TableName: 't', Key: key('A') })).toEqual({ access: 'read', partitions: [{ key: 't//A', access: 'read' }] });
    expect(requestPartitions('UpdateItem', { TableName: 't', Key: key('A') })?.partitions).toEqual([{ key: 't//A', access: 'write' }]);
    expect(
      requestPartitions('Query', {
        TableName: 't',
        IndexName: 'gsi1',
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
        ExpressionAttributeValues: { ':pk': { S: 'PROGRAM#1#LOTS' }, ':prefix': { S: 'A' } },
      })?.partitions,
    ).toEqual([{ key: 't/gsi1/PROGRAM#1#LOTS', access: 'read' }]);
    expect(
      requestPartitions('Query', {
        TableName: 't',
        KeyConditionExpression: 'sk = :sk AND pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'P' }, ':sk': { S: 'S' } },
      })?.partitions,
    ).toEqual([{ key: 't//P', access: 'read' }]);
    expect(
      requestPartitions('TransactWriteItems', {
        TransactItems: [{ Put: { TableName: 't', Item: key('A') } }, { ConditionCheck: { TableName: 't', Key: key('B') } }],
      })?.partitions.map((partition) => partition.key),
    ).toEqual(['t//A', 't//B']);
    expect(
      requestPartitions('BatchWriteItem', { RequestItems: { t: [{ PutRequest: { Item: key('A') } }, { DeleteRequest: { Key: key('C') } }] } })?.partitions.map(
        (partition) => partition.key,
      ),
    ).toEqual(['t//A', 't//C']);
    expect(requestPartitions('Scan', { TableName: 't' })).toEqual({ access: 'read', partitions: [] });
    expect(requestPartitions('DescribeTable', { TableName: 't' })).toBeUndefined();
  });

  it("the consumed capacity is read from the answer's key and removed when only the model asked for it", () => {
    const answer = '{"Items":[{"pk":{"S":"x\\"ConsumedCapacity\\":"}}],"Count":1,"ConsumedCapacity":{"TableName":"t","CapacityUnits":2.5},"ScannedCount":1}';
    const taken = takeConsumedCapacity(answer, true);
    expect(consumedUnits(taken.consumed)).toBe(2.5);
    expect(JSON.parse(taken.answer)).toEqual({ Items: [{ pk: { S: 'x"ConsumedCapacity":' } }], Count: 1, ScannedCount: 1 });
    const first = takeConsumedCapacity('{"ConsumedCapacity":[{"TableName":"t","CapacityUnits":4},{"TableName":"u","CapacityUnits":1}],"Responses":{}}', true);
    expect(consumedUnits(first.consumed)).toBe(5);
    expect(JSON.parse(first.answer)).toEqual({ Responses: {} });
    expect(takeConsumedCapacity('{"ConsumedCapacity":{"CapacityUnits":1}}', false).answer).toBe('{"ConsumedCapacity":{"CapacityUnits":1}}');
  });
});
