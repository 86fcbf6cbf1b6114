/**
 * A number typed as a person writes it (`12,5` or `12.5`), ArrowUp/ArrowDown stepping within the
 * bounds. The form value is the number, null when empty, or the text while it is not a number (the
 * shared schema refuses it under the field). Blueprint's NumericInput is not used: its step buttons
 * are labelled in English and it warns in the console about values it did not format itself.
 */
import { InputGroup, type Intent } from '@blueprintjs/core';
import { formatMoney, formatNumber } from '@shared/format';
import { decimal } from '@shared/money';
import type { KeyboardEvent } from 'react';
import { useTypedText } from './useTypedText';

export interface NumberFieldProps {
  id?: string;
  value: unknown;
  onChange(value: number | string | null): void;
  min?: number;
  max?: number;
  step?: number;
  intent?: Intent;
  disabled?: boolean;
  /** A sum: locked, it reads as the money format; any other number as a count (shared/format.ts). */
  money?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  /** A unit after the number (₽). */
  rightElement?: JSX.Element;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

function parse(text: string): number | string | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return /^-?\d*\.?\d+$|^-?\d+\.?$/.test(trimmed) && Number.isFinite(number) ? number : text;
}

export function NumberField({ id, value, onChange, min, max, step = 1, intent, disabled, money, placeholder, 'aria-label': ariaLabel, rightElement, onKeyDown }: NumberFieldProps) {
  const { text, typed } = useTypedText(value, shown);
  const emit = (nextText: string) => {
    const next = parse(nextText);
    typed(nextText, next);
    onChange(next);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    // In exact decimals (shared/money.ts): 0.1 + 0.2 is 0.3, a step of 0.01 over a sum keeps its kopecks.
    const current = typeof value === 'number' ? decimal(value) : decimal(min ?? 0);
    let next = event.key === 'ArrowUp' ? current.plus(step) : current.minus(step);
    if (min !== undefined && next.lessThan(min)) next = decimal(min);
    if (max !== undefined && next.greaterThan(max)) next = decimal(max);
    emit(shown(next.toNumber()));
  };
  return (
    <InputGroup
      id={id}
      // Locked, a number is read, not typed: in the shared formats (`64 400,00 ₽`, `10 243`).
      value={disabled && typeof value === 'number' ? (money ? formatMoney(value) : formatNumber(value)) : text}
      intent={intent}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={ariaLabel}
      inputMode="decimal"
      autoComplete="off"
      rightElement={rightElement}
      onValueChange={emit}
      onKeyDown={keyDown}
    />
  );
}
