import { Column, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { CityEntity } from '../cities/city.entity.js';
import { NamedEntity } from '../common/entities/named.entity.js';

/** A direction of the catalogue (spec 03 §3 Direction). */
@Entity('directions')
export class DirectionEntity extends NamedEntity {
  @Column('smallint', { default: 100 })
  sort: number;

  @ManyToMany(() => CityEntity)
  @JoinTable({ name: 'direction_cities', joinColumn: { name: 'direction_id' }, inverseJoinColumn: { name: 'city_id' } })
  cities: CityEntity[];
}

/** A hotel direction (spec 01 §3 "Direction (hotel)"). */
@Entity('hotel_directions')
export class HotelDirectionEntity extends NamedEntity {
  @Column('int')
  city_id: number;

  @ManyToOne(() => CityEntity)
  @JoinColumn({ name: 'city_id' })
  city: CityEntity;

  @Column('varchar', { nullable: true })
  info: string | null;
}
