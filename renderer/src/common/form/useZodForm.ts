import type { FieldErrors } from '@shared/validation';
import { toFieldErrors } from '@shared/validation';
import { useCallback, useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated by the same shared zod schema the server uses: the first message of each
 * field is shown under it, and server 422 maps land in the same place.
 */
export function useZodForm<Values extends Record<string, unknown>>(schema: z.ZodType, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Validates locally; returns false (and shows the messages) when the schema refuses the values. */
  const validate = useCallback((): boolean => {
    const result = schema.safeParse(values);
    if (result.success) return true;
    setErrors(toFieldErrors(result.error));
    return false;
  }, [schema, values]);

  return { values, setValues, setValue, errors, setErrors, validate };
}

export const firstError = (errors: FieldErrors, name: string): string | undefined => errors[name]?.[0];
