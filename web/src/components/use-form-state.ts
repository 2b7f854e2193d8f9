import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from './form-errors';

/**
 * A form's values, its fields' errors and the server's refusal. `validate` parses the values with
 * the shared schema: the parsed data, or null with each field's first message shown.
 */
export function useFormState<T extends object>(initial: T | (() => T)) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<T>) => setForm((current) => ({ ...current, ...patch }));
  function validate<S extends z.ZodType>(schema: S, value: unknown = form): z.infer<S> | null {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return null;
    }
    setErrors({});
    return parsed.data;
  }
  return { form, set, errors, failure, setFailure, validate };
}
