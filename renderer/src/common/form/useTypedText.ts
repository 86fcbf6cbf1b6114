import { useEffect, useRef, useState } from 'react';

/**
 * The text a person types for a form value that is not text (a date, a number, a JSON object): kept
 * as typed while the value it stands for changes with it (`12,` stays `12,` though the value is 12),
 * and shown afresh when the value changes from outside (a record loaded into the form).
 */
export function useTypedText(value: unknown, show: (value: unknown) => string) {
  const [text, setText] = useState(() => show(value));
  // The value this field itself produced last: any other one came from outside.
  const own = useRef<unknown>(value);
  useEffect(() => {
    if (value !== own.current) {
      own.current = value;
      setText(show(value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `show` is a fixed formatting function
  }, [value]);

  /** The user typed `next`, which stands for the value `parsed` (the caller sends it to the form). */
  const typed = (next: string, parsed: unknown) => {
    setText(next);
    own.current = parsed;
  };
  return { text, setText, typed };
}
