/**
 * A route's 'Туда' or 'Обратно' tab (spec 03 §2.4): the transport's points in this direction — kind
 * (город / остановка), the city or the stop, its info — and per point the hotels of its city, each
 * with an arrival date and time; a hotel already chosen at the point is not offered again.
 */
import { Button, Callout, FormGroup, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { POINT_TYPE, POINT_TYPE_NAMES } from '@shared/tour-routes/constants';
import { TOUR_ROUTE_PATHS } from '@shared/tour-routes/paths';
import type { TransportRoutePoint } from '@shared/tour-routes/types';
import type { FieldErrors } from '@shared/validation';
import { DateField } from '../../common/form/DateFields';
import { PickerField } from '../../common/form/PickerField';
import { pointIndex, type HotelValues, type PointValues, type RouteValues } from './form';

interface Props {
  form: RouteValues;
  isForth: boolean;
  points: TransportRoutePoint[] | undefined;
  loading: boolean;
  errors: FieldErrors;
  /** Replaces the form's point list (the page drops the errors of the point that changed). */
  setRoutes(routes: PointValues[], changedPath: string): void;
}

const R = MESSAGES.tourRoutes;

export function PointsTab({ form, isForth, points, loading, errors, setRoutes }: Props) {
  if (form.transport_id === null) return <Callout icon="info-sign">{R.chooseTransport}</Callout>;
  if (loading || !points) return <Spinner size={24} />;
  if (points.length === 0) return <NonIdealState icon="path-search" title={R.noPoints} />;

  /** The point's hotels changed: the form's point is updated, or added when it had none. */
  const setHotels = (point: TransportRoutePoint, hotels: HotelValues[]) => {
    const index = pointIndex(form, isForth, point.id);
    const routes = [...form.routes];
    if (index >= 0) routes[index] = { ...routes[index]!, hotels };
    else routes.push({ is_forth: isForth, transport_route_id: point.id, hotels });
    setRoutes(routes, `routes.${index >= 0 ? index : routes.length - 1}`);
  };

  return (
    <div className="route-points" data-testid={`route-points-${isForth ? 'forth' : 'back'}`}>
      {points.map((point) => {
        const index = pointIndex(form, isForth, point.id);
        const hotels = index >= 0 ? form.routes[index]!.hotels : [];
        const error = (field: string) => (index >= 0 ? errors[`routes.${index}.${field}`]?.[0] : undefined);
        const pointError = error('transport_route_id');
        const change = (position: number, patch: Partial<HotelValues>) => setHotels(point, hotels.map((hotel, at) => (at === position ? { ...hotel, ...patch } : hotel)));
        return (
          <section key={point.id} className="route-point" data-testid={`route-point-${point.id}`}>
            <div className="route-point-heading">
              <Tag minimal intent={point.point_type === POINT_TYPE.city ? Intent.PRIMARY : Intent.NONE}>
                {POINT_TYPE_NAMES[point.point_type]}
              </Tag>
              <strong>{point.point_type === POINT_TYPE.stop ? point.point_stop || point.point_city.name : point.point_city.name}</strong>
              {point.point_type === POINT_TYPE.stop && <span className="route-point-muted">{point.point_city.name}</span>}
              {point.point_type === POINT_TYPE.city && point.info && <span className="route-point-muted">{point.info}</span>}
              {point.arrival_time && <span className="route-point-muted">{point.arrival_time}</span>}
            </div>
            {pointError && <Callout intent={Intent.DANGER}>{pointError}</Callout>}
            <FormGroup label="Отели" labelFor={`route-hotels-${isForth ? 'forth' : 'back'}-${point.id}`} className="route-point-picker">
              <PickerField
                id={`route-hotels-${isForth ? 'forth' : 'back'}-${point.id}`}
                path={TOUR_ROUTE_PATHS.hotels}
                params={{ city_id: point.point_city_id }}
                exclude={hotels.map((hotel) => hotel.id)}
                value={null}
                placeholder="Добавить отель…"
                testId={`route-hotel-picker-${isForth ? 'forth' : 'back'}-${point.id}`}
                onChange={() => undefined}
                onPick={(hotel) => setHotels(point, [...hotels, { id: hotel.id, name: hotel.name, arrival_date: null, arrival_time: null }])}
              />
            </FormGroup>
            {hotels.length > 0 && (
              <HTMLTable compact className="route-hotels">
                <thead>
                  <tr>
                    <th>Отель</th>
                    <th>Дата прибытия</th>
                    <th>Время прибытия</th>
                    <th aria-label="Действия" />
                  </tr>
                </thead>
                <tbody>
                  {hotels.map((hotel, position) => {
                    const dateError = error(`hotels.${position}.arrival_date`);
                    const timeError = error(`hotels.${position}.arrival_time`);
                    const hotelError = error(`hotels.${position}.id`);
                    return (
                      <tr key={hotel.id}>
                        <td>
                          {hotel.name}
                          {hotelError && <div className="route-field-error">{hotelError}</div>}
                        </td>
                        <td>
                          <DateField
                            value={hotel.arrival_date}
                            aria-label={`Дата прибытия: ${hotel.name}`}
                            intent={dateError ? Intent.DANGER : Intent.NONE}
                            onChange={(value) => change(position, { arrival_date: value })}
                          />
                          {dateError && <div className="route-field-error">{dateError}</div>}
                        </td>
                        <td>
                          <InputGroup
                            value={String(hotel.arrival_time ?? '')}
                            placeholder="ЧЧ:ММ"
                            aria-label={`Время прибытия: ${hotel.name}`}
                            maxLength={5}
                            intent={timeError ? Intent.DANGER : Intent.NONE}
                            onValueChange={(value) => change(position, { arrival_time: value })}
                          />
                          {timeError && <div className="route-field-error">{timeError}</div>}
                        </td>
                        <td>
                          <Button variant="minimal" icon="trash" aria-label={`Убрать отель ${hotel.name}`} title="Убрать" onClick={() => setHotels(point, hotels.filter((_, at) => at !== position))} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            )}
          </section>
        );
      })}
    </div>
  );
}
