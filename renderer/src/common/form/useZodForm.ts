import type { FieldErrors } from '@shared/validation';
import { toFieldErrors } from '@shared/validation';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated by the same shared zod schema the server uses: the first message of each
 * field is shown under it, and server 422 maps land in the same place.
 */
export function useZodForm<Values extends Record<string, unknown>>(schema: z.ZodType, initial: Values) {
  const [values, setValuesState] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The latest values, for checks that run right after a change (a date checked as the field is left).
  const latest = useRef(values);

  const setValues = useCallback((next: Values) => {
    latest.current = next;
    setValuesState(next);
  }, []);

  const setValue = useCallback((name: string, value: unknown) => {
    latest.current = { ...latest.current, [name]: value };
    setValuesState(latest.current);
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Validates locally; returns the errors (and shows them) when the schema refuses the values, else null. */
  const check = useCallback((): FieldErrors | null => {
    const result = schema.safeParse(latest.current);
    if (result.success) return null;
    const found = toFieldErrors(result.error);
    setErrors(found);
    return found;
  }, [schema]);

  /** Validates locally; returns false (and shows the messages) when the schema refuses the values. */
  const validate = useCallback((): boolean => check() === null, [check]);

  /**
   * Checks some fields now (a typed date as the user leaves it): their messages from the shared
   * schema are shown, or cleared when they are right; other fields keep what they show.
   */
  const validateFields = useCallback(
    (names: readonly string[]) => {
      const result = schema.safeParse(latest.current);
      const found = result.success ? {} : toFieldErrors(result.error);
      setErrors((current) => {
        const next = { ...current };
        for (const name of names) {
          if (found[name]) next[name] = found[name];
          else delete next[name];
        }
        return next;
      });
    },
    [schema],
  );

  return { values, setValues, setValue, errors, setErrors, check, validate, validateFields };
}

export const firstError = (errors: FieldErrors, name: string): string | undefined => errors[name]?.[0];
