/**
 * The tariffs tab (spec 02 "Tariffs tab", §4, §5): a price for every ordered pair of route points —
 * rows are where a passenger boards, columns where they leave, a cell for each pair in route order.
 * The matrix follows the route (rebuilt by the page whenever points change; reset on copy).
 */
import { HTMLTable, InputGroup, Intent, Tooltip } from '@blueprintjs/core';
import { TRANSPORT_LIMITS } from '@shared/transport/constants';
import type { FieldErrors } from '@shared/validation';
import { routePoints, type TariffValues, type Values } from '../form';
import type { SetField } from '../../../common/form/fields';

interface Props {
  form: Values;
  update: SetField<Values>;
  errors: FieldErrors;
  cityName(id: unknown): string;
}

export function TariffsTab({ form, update, errors, cityName }: Props) {
  const points = routePoints(form.routes, cityName);
  const tariffs: TariffValues[] = form.tariffs;
  const indexOf = (from: number, to: number) => tariffs.findIndex((row) => row.from_position === from && row.to_position === to);
  const setTariff = (index: number, text: string) => update('tariffs', tariffs.map((row, at) => (at === index ? { ...row, tariff: text.trim() === '' ? 0 : text } : row)));

  return (
    <div className="tariff-matrix">
      <p className="bp6-text-muted">Цена проезда, ₽: строка — откуда, столбец — куда (от −{TRANSPORT_LIMITS.tariff.toLocaleString('ru-RU')} до {TRANSPORT_LIMITS.tariff.toLocaleString('ru-RU')}).</p>
      <HTMLTable compact bordered className="resource-table">
        <thead>
          <tr>
            <th>Откуда \ Куда</th>
            {points.slice(1).map((point) => (
              <th key={point.position} title={point.full}>
                {point.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.slice(0, -1).map((from) => (
            <tr key={from.position}>
              <th scope="row" title={from.full}>
                {from.name}
              </th>
              {points.slice(1).map((to) => {
                if (to.position <= from.position) return <td key={to.position} className="tariff-none" />;
                const index = indexOf(from.position, to.position);
                const error = errors[`tariffs.${index}.tariff`]?.[0] ?? errors[`tariffs.${index}.to_city_id`]?.[0];
                const input = (
                  <InputGroup
                    small
                    inputMode="decimal"
                    aria-label={`Тариф ${from.name} → ${to.name}`}
                    intent={error ? Intent.DANGER : Intent.NONE}
                    value={index === -1 ? '' : String(tariffs[index]!.tariff ?? '')}
                    disabled={index === -1}
                    onValueChange={(text) => setTariff(index, text)}
                  />
                );
                return <td key={to.position}>{error ? <Tooltip content={error} intent={Intent.DANGER}>{input}</Tooltip> : input}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {errors.tariffs?.[0] && <div className="bp6-form-helper-text bp6-intent-danger">{errors.tariffs[0]}</div>}
    </div>
  );
}
