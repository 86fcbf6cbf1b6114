/** The hotel's rooms (spec 02 "Rooms tab"): 10 per page, an error mark per refused room, and the room dialog. */
import { errorsUnder } from '@shared/editor';
import { HOTEL_LIMITS } from '@shared/hotels/constants';
import { copyRoom } from '@shared/hotels/rules';
import { Role } from '@shared/roles';
import type { FieldErrors } from '@shared/validation';
import { useSession } from '../../../api/session';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { useCollectionEditor } from '../../../common/editor/useCollectionEditor';
import type { SetField } from '../../../common/form/fields';
import { blankRoom, cellText, type HotelValues, type RoomValues } from '../form';
import { RoomDialog } from '../RoomDialog';
import type { HotelData, RoomData } from '../useHotelData';

interface Props {
  form: HotelValues;
  update: SetField<HotelValues>;
  errors: FieldErrors;
  setErrors(update: (errors: FieldErrors) => FieldErrors): void;
  data: HotelData;
  rooms: RoomData;
}

export function RoomsTab({ form, update, errors, setErrors, data, rooms }: Props) {
  const user = useSession((state) => state.user);
  const roomErrors = errorsUnder(errors, 'rooms');
  const editor = useCollectionEditor<RoomValues>({
    items: form.rooms ?? [],
    onChange: (next) => update('rooms', next),
    blank: blankRoom,
    copy: copyRoom,
    errors: roomErrors,
    onErrorsAnswered: (index) => setErrors((current) => dropErrors(current, index === null ? 'rooms' : `rooms.${index}`)),
  });
  const name = (list: { id: number | string; name: string }[], id: unknown) => list.find((item) => item.id === id)?.name ?? '';
  const hotelMeals = data.meals.filter((meal) => (form.meals ?? []).some((chosen: { id: number }) => chosen.id === meal.id));

  return (
    <>
      <CollectionTable<RoomValues>
        label="Номера"
        name="rooms"
        {...editor.table({ copy: true })}
        pageSize={HOTEL_LIMITS.roomsPerPage}
        addText="Добавить номер"
        canDelete={(room) => room.can_delete !== false}
        columns={[
          { title: 'Тип', render: (room) => name(rooms.types, room.type_id) },
          { title: 'Взрослых', render: (room) => cellText(room.adult_count) },
          { title: 'Детей', render: (room) => cellText(room.child_count) },
          { title: 'Доп. взрослых', render: (room) => cellText(room.adv_adult_count) },
          { title: 'Доп. детей', render: (room) => cellText(room.adv_child_count) },
        ]}
      />
      {editor.state.open && (
        <RoomDialog
          isOpen
          mode={editor.state.mode}
          draft={editor.state.draft}
          setDraft={editor.setDraft}
          errors={editor.rowErrors}
          hotelMeals={hotelMeals}
          data={data}
          rooms={rooms}
          isAdministrator={user?.role === Role.Administrator}
          onSave={editor.commit}
          onClose={editor.close}
        />
      )}
    </>
  );
}
