import { Column, Entity } from 'typeorm';
import { NamedEntity } from '../common/entities/named.entity.js';

@Entity('room_types')
export class RoomTypeEntity extends NamedEntity {}

@Entity('room_places')
export class RoomPlaceEntity extends NamedEntity {
  @Column('int', { default: 0 })
  places_count: number;

  @Column('int', { default: 0 })
  adv_places_count: number;
}

@Entity('room_descriptions')
export class RoomDescriptionEntity extends NamedEntity {}

@Entity('room_services')
export class RoomServiceEntity extends NamedEntity {}

@Entity('room_equipment')
export class RoomEquipmentEntity extends NamedEntity {}

@Entity('room_furniture')
export class RoomFurnitureEntity extends NamedEntity {}

@Entity('room_bathrooms')
export class RoomBathroomEntity extends NamedEntity {}
