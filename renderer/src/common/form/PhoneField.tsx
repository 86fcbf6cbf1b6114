/**
 * A phone by the mask +7 (XXX) XXX-XX-XX (spec 01 §5, §9). The field keeps what the mask shows;
 * the shared schema (maskedPhone) drops the decoration and refuses anything but +7 and 10 digits,
 * so a short number shows the format message under the field.
 */
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { PHONE_MASK_DIGITS } from '@shared/validation';
import { MESSAGES } from '@shared/messages';
import type { FieldName, FieldRenderProps, FieldSpec } from './fields';

/** The subscriber digits (without the 7 of +7) of whatever was typed or pasted. */
function subscriberDigits(text: string): string {
  let digits = text.replace(/\D/g, '');
  // '+7 (9…' and pasted 8XXXXXXXXXX / 7XXXXXXXXXX carry the country digit first.
  if (text.trim().startsWith('+7') || (digits.length > PHONE_MASK_DIGITS && /^[78]/.test(digits))) digits = digits.slice(1);
  else if (digits.length === 1 && /^[78]$/.test(digits)) digits = '';
  return digits.slice(0, PHONE_MASK_DIGITS);
}

/** '9123456789' → '+7 (912) 345-67-89'; partial input gives the mask so far. */
export function applyPhoneMask(text: string): string {
  const digits = subscriberDigits(text);
  if (digits === '') return '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let masked = `+7 (${parts[0]}`;
  if (digits.length > 3) masked += `) ${parts[1]}`;
  if (digits.length > 6) masked += `-${parts[2]}`;
  if (digits.length > 8) masked += `-${parts[3]}`;
  return masked;
}

function PhoneMaskInput<V>({ name, label, required, values, setValue, errors, disabled }: FieldRenderProps<V> & { name: FieldName<V>; label: string; required?: boolean }) {
  const error = errors[name]?.[0];
  const id = `field-${name}`;
  const stored: unknown = values[name];
  const value = typeof stored === 'string' ? applyPhoneMask(stored) : '';
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? MESSAGES.validation.phoneMaskHint} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        leftIcon="phone"
        placeholder="+7 (___) ___-__-__"
        intent={error ? Intent.DANGER : Intent.NONE}
        disabled={disabled}
        value={value}
        onValueChange={(text) => setValue(name, applyPhoneMask(text) as V[FieldName<V>])}
      />
    </FormGroup>
  );
}

/** A form field declaration for a masked phone (clients, agencies' contact phone). */
export function phoneMaskField<V = Record<string, unknown>>(name: NoInfer<FieldName<V>>, label: string, options: { required?: boolean } = {}): FieldSpec<V> {
  return {
    kind: 'custom',
    name,
    label,
    render: (props) => <PhoneMaskInput {...props} name={name} label={label} required={options.required} />,
  };
}
