import type { PlanningCounters } from '../../shared/domain/planning';
import type { TransactionItem } from './db';
import { keys } from './keys';
import type { PlanningRecord } from './plannings-repository';
import { Expression } from './update-expression';

/** The planning's own fields a change may set (its counters follow its meetings, its version every change). */
export type PlanningFields = Partial<Omit<PlanningRecord, '_id' | 'version' | keyof PlanningCounters>>;

/**
 * The planning's counters moved by `change` (part 2 §3), with its version bumped: the write every
 * change of a meeting's counted flags carries. `version` conditions it on the planning as read.
 */
export function planningCountersWrite(
  table: string,
  planningId: string,
  change: PlanningCounters,
  options: { version?: number; fields?: PlanningFields } = {},
): TransactionItem {
  const expression = new Expression();
  const sets = [`${expression.name('version')} = ${expression.name('version')} + ${expression.value(1)}`];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(options.fields ?? {})) {
    if (value === undefined) removes.push(expression.name(field));
    else sets.push(`${expression.name(field)} = ${expression.value(value)}`);
  }
  const adds = expression.counterAdds(change);
  return {
    Update: {
      TableName: table,
      Key: keys.planning(planningId),
      UpdateExpression: [`SET ${sets.join(', ')}`, removes.length ? `REMOVE ${removes.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ...(options.version !== undefined ? { ConditionExpression: `${expression.name('version')} = ${expression.value(options.version)}` } : {}),
      ExpressionAttributeNames: expression.names,
      ExpressionAttributeValues: expression.values,
    },
  };
}
