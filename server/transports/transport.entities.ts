import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of the bus-transport list (transports.list.ts): the view `transport_list_rows`
 * (migrations/1765100000000-Transport.ts). The transport itself is read and written by the aggregate
 * store (transport.aggregate.ts).
 */
@Entity('transport_list_rows')
export class TransportListEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('smallint')
  duration: number;

  @Column('boolean')
  is_excursion: boolean;

  @Column('smallint')
  departure_type: number;

  @Column('json')
  transportation: { id: number; name: string; kind: number; seats: number };

  @Column('json')
  route: { kind: 'start' | 'intermediate' | 'finish'; name: string }[];

  @Column('smallint', { array: true })
  day_numbers: number[];

  @Column('text', { array: true })
  next_dates: string[];
}
