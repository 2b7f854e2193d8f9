import type { OperationView } from '../../../shared/domain/operation';
import type { OperationRecord } from '../../data/operations-repository';

/** What the API answers of an operation: not its owner, cursor or internal state. */
export function toOperationView(record: OperationRecord): OperationView {
  const { ownerId: _owner, cursor: _cursor, state: _state, ...view } = record;
  return view;
}
