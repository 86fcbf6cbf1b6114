import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A bus transport's own row (spec 02 §3 "Bus transport"); its children are read and written in plain SQL (transport-read.ts, transports.service.ts). */
@Entity('transports')
export class TransportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;
}

/** A row of the bus-transport list: the view `transport_list_rows` (migrations/1765100000000-Transport.ts). */
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
