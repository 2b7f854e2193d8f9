import { tableDefinition } from '../../../data/table-definition';
import type { Access } from './partition-ledger';

/** A DynamoDB attribute value on the wire ({S: 'x'}, {N: '1'}, …). */
type WireValue = Record<string, unknown>;
type WireItem = Record<string, WireValue>;

/** A partition a request touches (a batch or a transaction touches several: its units are shared evenly). */
interface TouchedPartition {
  key: string;
  access: Access;
}

/** The request's partitions, or undefined for what DynamoDB does not charge (DescribeTable, CreateTable…). */
export interface RequestPartitions {
  access: Access;
  partitions: TouchedPartition[];
}

function partitionKey(table: string, index: string | undefined, value: WireValue | undefined): string {
  const scalar = value ? (value.S ?? value.N ?? value.B) : undefined;
  return `${table}/${index ?? ''}/${typeof scalar === 'string' ? scalar : JSON.stringify(value ?? null)}`;
}

function baseKey(table: string, item: WireItem | undefined): string {
  return partitionKey(table, undefined, item?.[tableDefinition.partitionKey]);
}

/** The hash key's value of a Query: the equality on the (index's) partition key in KeyConditionExpression. */
function queriedPartition(body: Record<string, unknown>): string {
  const table = String(body.TableName);
  const index = typeof body.IndexName === 'string' ? body.IndexName : undefined;
  const hashName = index ? tableDefinition.globalSecondaryIndexes.find((gsi) => gsi.indexName === index)?.partitionKey : tableDefinition.partitionKey;
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as WireItem;
  for (const [, name, placeholder] of String(body.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((name.startsWith('#') ? names[name] : name) === hashName) return partitionKey(table, index, values[placeholder]);
  }
  return partitionKey(table, index, undefined);
}

/** Which partitions a request reads or writes (a Scan reads across them: counted, never refused). */
export function requestPartitions(operation: string, body: Record<string, unknown>): RequestPartitions | undefined {
  const table = String(body.TableName ?? '');
  switch (operation) {
    case 'GetItem':
      return { access: 'read', partitions: [{ key: baseKey(table, body.Key as WireItem), access: 'read' }] };
    case 'PutItem':
      return { access: 'write', partitions: [{ key: baseKey(table, body.Item as WireItem), access: 'write' }] };
    case 'UpdateItem':
    case 'DeleteItem':
      return { access: 'write', partitions: [{ key: baseKey(table, body.Key as WireItem), access: 'write' }] };
    case 'Query':
      return { access: 'read', partitions: [{ key: queriedPartition(body), access: 'read' }] };
    case 'Scan':
      return { access: 'read', partitions: [] };
    case 'BatchGetItem': {
      const requests = (body.RequestItems ?? {}) as Record<string, { Keys?: WireItem[] }>;
      return {
        access: 'read',
        partitions: Object.entries(requests).flatMap(([name, { Keys = [] }]) => Keys.map((key) => ({ key: baseKey(name, key), access: 'read' as const }))),
      };
    }
    case 'BatchWriteItem': {
      const requests = (body.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: WireItem }; DeleteRequest?: { Key: WireItem } }[]>;
      return {
        access: 'write',
        partitions: Object.entries(requests).flatMap(([name, writes]) =>
          writes.map((write) => ({ key: baseKey(name, write.PutRequest?.Item ?? write.DeleteRequest?.Key), access: 'write' as const })),
        ),
      };
    }
    case 'TransactGetItems':
    case 'TransactWriteItems': {
      const access: Access = operation === 'TransactGetItems' ? 'read' : 'write';
      const items = (body.TransactItems ?? []) as Record<string, { TableName: string; Key?: WireItem; Item?: WireItem }>[];
      return {
        access,
        partitions: items.flatMap((item) => Object.values(item).map((part) => ({ key: baseKey(part.TableName, part.Key ?? part.Item), access }))),
      };
    }
    default:
      return undefined;
  }
}

/** The units an answer says it consumed (ReturnConsumedCapacity), summed over its tables. */
export function consumedUnits(consumedCapacity: unknown): number {
  const entries = Array.isArray(consumedCapacity) ? consumedCapacity : consumedCapacity ? [consumedCapacity] : [];
  return entries.reduce((sum: number, entry) => sum + Number((entry as { CapacityUnits?: number }).CapacityUnits ?? 0), 0);
}
