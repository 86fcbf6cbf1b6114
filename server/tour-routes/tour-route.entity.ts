import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of the routes list (tour-routes.list.ts): the view `tour_route_list_rows`
 * (migrations/1765300000100-Routes.ts). The route itself is read and written by the aggregate store.
 */
@Entity('tour_route_list_rows')
export class TourRouteListEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('smallint')
  kind: number;

  @Column('smallint')
  transport_type: number;

  @Column('integer')
  transport_id: number;

  @Column('varchar')
  transport_name: string;

  @Column('date', { nullable: true })
  forth_date: string | null;

  @Column('date', { nullable: true })
  back_date: string | null;
}
