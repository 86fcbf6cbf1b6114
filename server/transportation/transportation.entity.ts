import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A vehicle type with its seat layout (spec 02 §3 "Transportation"); versioned (migrations/versioning.ts). */
@Entity('transportations')
export class TransportationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('smallint')
  kind: number;

  @Column('smallint')
  seats: number;

  @Column('smallint')
  rear_seats: number;

  @Column('smallint')
  rows: number;

  @Column('smallint')
  columns_at_door: number;

  @Column('boolean')
  second_door: boolean;

  @Column('smallint', { nullable: true })
  second_door_rows: number | null;

  @Column('smallint', { nullable: true })
  second_door_length: number | null;

  /** Drawn from the layout on every save (shared/transport/seat-scheme.ts). */
  @Column('text')
  schema_svg: string;

  /** Raised by the database on every change (the version check). */
  @Column({ type: 'integer', insert: false, update: false })
  version: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
