import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns of a sea tour its list, picker and active switch read (the list engine and the
 * resources' switch work through an entity). The whole tour is read and written by the aggregate
 * store (./sea-tour.aggregate.ts).
 */
@Entity('sea_tours')
export class SeaTourEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('int')
  city_id: number;

  @Column('boolean')
  is_active: boolean;

  @Column('int')
  version: number;
}
