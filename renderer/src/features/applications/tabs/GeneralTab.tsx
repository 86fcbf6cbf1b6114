/**
 * The general tab (spec 03 §2.3, §4, §6): status, payment status (read only), payment method (a
 * manager sees only the requester type's methods), manager and agency manager, the prices each
 * editable per `can_edit_*`, comment, counts, children's ages and promo code (the totals block is above
 * the tabs: ../TotalsBlock.tsx).
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import { APPLICATION_LIMITS, RequesterType } from '@shared/applications/constants';
import type { ApplicationField } from '@shared/applications/field-rules';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { MESSAGES } from '@shared/messages';
import { FormFields } from '../../../common/form/fields';
import { LockableGroup, useLockedReason } from '../../../common/form/locks';
import { NumberField } from '../../../common/form/NumberField';
import { PickerField } from '../../../common/form/PickerField';
import type { TotalsState } from '../useTotals';
import type { TabProps } from './tabProps';

interface Props extends TabProps {
  may: { price: boolean; agencyCommission: boolean; prepayment: boolean };
  /** The application is saved (its payment method is then the administrator's and the accountant's to change). */
  stored: boolean;
  /** The manager stored on the application: the staff picker offers them even to another manager. */
  assignedUserId: number | null;
  /** The administrator and the accountant see every payment method (§6). */
  privileged: boolean;
  /** Why the signed-in role may not change a field (the rule table's refusal, shared/applications/field-rules.ts), or null. */
  roleLock: (field: ApplicationField) => string | null;
  totals: TotalsState;
  paymentStatusName: string;
}

const CHILD_AGE_MAX = 17;
const A = MESSAGES.applications;

export function GeneralTab({ form, update, errors, data, may, privileged, roleLock, stored, assignedUserId, totals, paymentStatusName }: Props) {
  const fieldsForm = { values: form, setValue: update, errors };
  const methods = data.payment_methods.filter((method) => privileged || method.types.includes(form.requester_type) || method.id === form.payment_method);
  // The cancelled status is set by the cancel action only; the others are offered.
  const statuses = data.statuses.filter((status) => !status.cancelAction || status.id === form.status);
  const childCount = Math.max(0, Math.min(Number(form.child_count) || 0, 99));
  const ages = form.children_ages;
  // A locked tab (a cancelled application) locks its pickers too.
  const locked = useLockedReason() !== null;
  const picker = (name: 'user_id' | 'agency_user_id', label: string, path: string, params: Record<string, number>, selected: { id: number; name: string } | null | undefined) => {
    const error = errors[name]?.[0];
    return (
      <LockableGroup label={label} labelFor={`field-${name}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <PickerField id={`field-${name}`} testId={`picker-${name}`} path={path} params={params} value={form[name]} selected={selected ?? null} clearable disabled={locked} intent={error ? Intent.DANGER : Intent.NONE} onChange={(id) => update(name, id)} onPick={(picked) => update(name === 'user_id' ? 'user' : 'agency_user', picked)} />
      </LockableGroup>
    );
  };

  return (
    <div className="application-general">
      <div className="application-general-fields">
        <div className="editor-grid">
          <FormFields
            fields={[
              { kind: 'select', name: 'status', label: 'Статус заявки', required: true, options: { items: statuses.map(({ id, name }) => ({ id, name })) } },
            ]}
            form={fieldsForm}
            editing
          />
          {/* Not a field of the form: the server decides it from the payments. */}
          <FormGroup label="Статус оплаты" labelFor="field-payment_status">
            <input id="field-payment_status" className="bp6-input bp6-fill" readOnly value={paymentStatusName} />
          </FormGroup>
          <FormFields
            fields={[
              {
                kind: 'select',
                name: 'payment_method',
                label: 'Способ оплаты',
                clearable: true,
                options: { items: methods.map(({ id, name }) => ({ id, name })) },
                // Once saved, only the roles of the rule table change it (§5, §6: the administrator and the accountant).
                lockedReason: () => stored && roleLock('payment_method'),
              },
            ]}
            form={fieldsForm}
            editing
          />
          {/* The server offers a manager only themself and the assigned manager (§6). */}
          {picker('user_id', 'Менеджер', APPLICATION_PATHS.staff, assignedUserId ? { user_id: assignedUserId } : {}, form.user)}
          {form.requester_type === RequesterType.Agency && form.requester_id !== null && picker('agency_user_id', 'Менеджер агентства', APPLICATION_PATHS.agencyUsers, { agency_id: form.requester_id }, form.agency_user)}
          <FormFields
            fields={[
              { kind: 'number', name: 'prepayment', money: true, label: 'Предоплата', min: 0, max: APPLICATION_LIMITS.money, step: 0.01, lockedReason: () => !may.prepayment && A.prepaymentLocked },
              { kind: 'number', name: 'manual_price_without_discount', money: true, label: 'Цена без скидки (вручную)', min: 0, max: APPLICATION_LIMITS.manualPrice, lockedReason: () => !may.price && A.priceLocked },
              { kind: 'number', name: 'discount', money: true, label: 'Скидка', min: 0, max: totals.totals?.max_discount ?? APPLICATION_LIMITS.manualPrice, lockedReason: () => !may.price && A.priceLocked },
              {
                kind: 'number',
                name: 'manual_agency_commission',
                money: true,
                label: 'Комиссия агентства (вручную)',
                min: 0,
                max: APPLICATION_LIMITS.money,
                step: 0.01,
                lockedReason: () => (form.requester_type !== RequesterType.Agency && A.agencyCommissionOnlyForAgency) || (!may.agencyCommission && A.agencyCommissionLocked),
              },
            ]}
            form={fieldsForm}
            editing
          />
          <FormFields
            fields={[
              { kind: 'number', name: 'adult_count', label: 'Взрослых', min: 0, max: 999 },
              { kind: 'number', name: 'child_count', label: 'Детей', min: 0, max: 999 },
              { kind: 'text', name: 'promo_code', label: 'Промокод' },
            ]}
            form={{
              ...fieldsForm,
              setValue: (name, value) => {
                update(name, value);
                // Fewer children: the ages of those no longer counted go.
                if (name === 'child_count') update('children_ages', ages.slice(0, Math.max(0, Number(value) || 0)));
              },
            }}
            editing
          />
        </div>
        {childCount > 0 && (
          <FormGroup label="Возраст детей" helperText={errors.children_ages?.[0]} intent={errors.children_ages ? Intent.DANGER : Intent.NONE}>
            <div className="application-ages">
              {Array.from({ length: childCount }, (_, index) => (
                <NumberField
                  key={index}
                  id={`field-children_ages-${index}`}
                  aria-label={`Возраст ребёнка ${index + 1}`}
                  value={ages[index] ?? null}
                  min={0}
                  max={CHILD_AGE_MAX}
                  disabled={locked}
                  intent={errors[`children_ages.${index}`] ? Intent.DANGER : Intent.NONE}
                  onChange={(value) => {
                    const next = [...ages];
                    while (next.length < index) next.push(null);
                    next[index] = value;
                    update('children_ages', next);
                  }}
                />
              ))}
            </div>
          </FormGroup>
        )}
        <FormFields fields={[{ kind: 'textarea', name: 'comment', label: 'Комментарий', rows: 3 }]} form={fieldsForm} editing />
      </div>
    </div>
  );
}
