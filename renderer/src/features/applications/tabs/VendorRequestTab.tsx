/**
 * Request to vendor (spec 03 §2.3; read only): what the supplier is asked for — each stay's hotel, dates,
 * room category, placement and description, meal; the transfers (avia, railway, sea tours); the tourists
 * with birth date and age on the first day of the stay. Only what applies to the type (issue 27: no
 * empty hotel table on an avia order), and what the form holds.
 */
import { H5, HTMLTable } from '@blueprintjs/core';
import { ageOn, applicationType, LEGS } from '@shared/applications/constants';
import { transferKey } from '@shared/applications/schema';
import type { ApplicationProduct } from '@shared/applications/editor-data';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { TabProps } from './tabProps';
import { TYPE_OFFERS } from '../data';
import { LEG_TITLES, touristName } from '../form';
import { useAccommodationHotels } from './AccommodationsTab';

export function VendorRequestTab({ form, product, data }: TabProps & { product: ApplicationProduct | undefined }) {
  const { hotels } = useAccommodationHotels(product, form.accommodations);
  const offers = TYPE_OFFERS[form.application_type ?? 0];
  const transfers = LEGS.flatMap((leg) => {
    const transfer = form[transferKey(leg)];
    return transfer ? [{ leg, transfer }] : [];
  });
  const shows = {
    stays: Boolean(offers?.accommodations) || form.accommodations.length > 0,
    transfers: transfers.length > 0 || (Boolean(offers?.transfers) && !offers?.accommodations),
    tourists: applicationType(form.application_type)?.touristsEditable !== false || form.tourists.length > 0,
  };
  const firstDay =
    form.accommodations.map((row) => row.start_at).filter((date): date is string => Boolean(date)).sort()[0] ?? form.tour_date ?? form.transport_forth?.departure_date ?? transfers[0]?.transfer.start_at ?? null;
  return (
    <div className="application-vendor-request">
      {shows.transfers && (
        <>
          <H5>Трансферы</H5>
          <HTMLTable compact striped className="resource-table" aria-label="Трансферы">
            <thead>
              <tr>
                <th>Направление</th>
                <th>Откуда</th>
                <th>Куда</th>
                <th>Вид трансфера</th>
                <th>Начало</th>
                <th>Окончание</th>
              </tr>
            </thead>
            <tbody>
              {transfers.length === 0 && (
                <tr>
                  <td colSpan={6} className="empty-row">
                    {MESSAGES.list.empty}
                  </td>
                </tr>
              )}
              {transfers.map(({ leg, transfer }) => (
                <tr key={leg}>
                  <td>{LEG_TITLES[leg]}</td>
                  <td>{transfer.from_city?.name ?? ''}</td>
                  <td>{transfer.to_city?.name ?? ''}</td>
                  <td>{data.transfer_types.find((type) => type.id === Number(transfer.transfer_type))?.name ?? ''}</td>
                  <td>{formatDate(transfer.start_at)}</td>
                  <td>{formatDate(transfer.finish_at)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
      {shows.stays && (
        <>
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
                    <td>{room?.meals.find((meal) => meal.id === Number(row.meal_id))?.name ?? MESSAGES.applications.noMeal}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </>
      )}
      {shows.tourists && (
        <>
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
        </>
      )}
    </div>
  );
}
