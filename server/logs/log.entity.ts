import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A server event or unexpected error (spec 01 §3 "Log"); the /logs screen reads these. */
@Entity('logs')
export class LogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Severity as in PSR-3 / Monolog: 100 debug … 400 error, 500 critical. */
  @Column('smallint')
  level: number;

  @Column('varchar', { length: 20 })
  level_name: string;

  @Column('varchar', { length: 255 })
  source: string;

  @Column('varchar', { length: 255 })
  title: string;

  @Column('text', { default: '' })
  msg: string;

  @Column('jsonb', { default: {} })
  meta: Record<string, unknown>;

  @Column('jsonb', { default: {} })
  env: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
