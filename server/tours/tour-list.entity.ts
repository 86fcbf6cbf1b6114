import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of the tours list (tours.list.ts): the view `tour_list_rows` (migrations/1765300000020-Tours.ts).
 * The tour itself is read and written by the aggregate store (tour.aggregate.ts).
 */
@Entity('tour_list_rows')
export class TourListEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('integer')
  duration: number;

  @Column('boolean')
  is_active: boolean;

  @Column('varchar', { nullable: true })
  external_link: string | null;

  @Column('boolean')
  has_checklist: boolean;

  @Column('integer', { nullable: true })
  transport_forth_id: number | null;

  @Column('json', { nullable: true })
  transport_forth: { id: number; name: string } | null;

  @Column('json')
  dates: { id: number; start_date: string; points_total: number; points_unchecked: number }[];
}
