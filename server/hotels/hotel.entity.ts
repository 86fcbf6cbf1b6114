import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CityEntity } from '../cities/city.entity.js';

/**
 * The columns of a hotel its list shows (the generic list engine reads the list through an entity).
 * The whole hotel is read and written by the aggregate store (./hotel.aggregate.ts).
 */
@Entity('hotels')
export class HotelEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('varchar', { nullable: true })
  address: string | null;

  @Column('int')
  city_id: number;

  @ManyToOne(() => CityEntity)
  @JoinColumn({ name: 'city_id' })
  city: CityEntity;

  @Column('smallint', { nullable: true })
  category_type: number | null;

  @Column('boolean')
  is_excursion: boolean;

  @Column('int')
  commission_general_sum: number;

  @Column('varchar', { nullable: true })
  external_link: string | null;
}
