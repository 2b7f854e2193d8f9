import type { PlanningCounters } from '../../shared/domain/planning';
import { counterNames } from '../../shared/rules/planning-counters';

/** Builds expressions with numbered placeholders. */
export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byField = new Map<string, string>();
  private count = 0;

  name(field: string): string {
    let placeholder = this.byField.get(field);
    if (!placeholder) {
      placeholder = `#f${this.byField.size}`;
      this.byField.set(field, placeholder);
      this.names[placeholder] = field;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `field` still holds `value` (absent, NULL, or equal). */
  equals(field: string, value: unknown): string {
    const name = this.name(field);
    if (value === undefined) return `attribute_not_exists(${name})`;
    if (value === null) return `(attribute_not_exists(${name}) OR attribute_type(${name}, ${this.value('NULL')}))`;
    return `${name} = ${this.value(value)}`;
  }

  /** The `ADD` terms of a counters change (the counters that do not change are left alone). */
  counterAdds(change: PlanningCounters): string[] {
    return counterNames.filter((counter) => change[counter] !== 0).map((counter) => `${this.name(counter)} ${this.value(change[counter])}`);
  }
}
