/**
 * Request to vendor (spec 03 §2.3; read only): what the hotel is asked for — each stay's hotel, dates,
 * room category, placement and description, meal — and the tourists with birth date and age on the
 * first day of the stay.
 */
import { H5, HTMLTable } from '@blueprintjs/core';
import { ageOn } from '@shared/applications/constants';
import type { ApplicationProduct } from '@shared/applications/editor-data';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { TabProps } from './tab-props';
import { touristName } from '../form';
import { useAccommodationHotels } from './AccommodationsTab';

export function VendorRequestTab({ form, product }: TabProps & { product: ApplicationProduct | undefined }) {
  const { hotels } = useAccommodationHotels(product, form.accommodations);
  const firstDay = form.accommodations.map((row) => row.start_at).filter((date): date is string => Boolean(date)).sort()[0] ?? form.tour_date ?? form.transport_forth?.departure_date ?? null;
  return (
    <div className="application-vendor-request">
      <H5>Проживание</H5>
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            <th>Отель</th>
            <th>Заезд</th>
            <th>Выезд</th>
            <th>Категория номера</th>
            <th>Размещение</th>
            <th>Описание</th>
            <th>Питание</th>
          </tr>
        </thead>
        <tbody>
          {form.accommodations.length === 0 && (
            <tr>
              <td colSpan={7} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {form.accommodations.map((row, index) => {
            const hotel = hotels.get(Number(row.hotel_id));
            const room = hotel?.rooms.find((item) => item.id === Number(row.room_id));
            return (
              <tr key={index}>
                <td>{hotel?.name ?? ''}</td>
                <td>{formatDate(row.start_at)}</td>
                <td>{formatDate(row.finish_at)}</td>
                <td>{room?.type.name ?? ''}</td>
                <td>{room ? `${room.place.name}, ${room.accommodation.name}` : ''}</td>
                <td>{room?.description?.name ?? ''}</td>
                <td>{room?.meals.find((meal) => meal.id === Number(row.meal_id))?.name ?? 'Без питания'}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <H5>Туристы</H5>
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            <th>ФИО</th>
            <th>Дата рождения</th>
            <th>Возраст</th>
          </tr>
        </thead>
        <tbody>
          {form.tourists.length === 0 && (
            <tr>
              <td colSpan={3} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {form.tourists.map((tourist, index) => (
            <tr key={index}>
              <td>{touristName(tourist)}</td>
              <td>{formatDate(tourist.birthday_date)}</td>
              <td>{tourist.birthday_date && firstDay ? ageOn(tourist.birthday_date, firstDay) : ''}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
