import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ImportItem, ImportStatus } from '../../shared/resources/imports.js';
import { VersionedEntity } from '../common/entities/versioned.entity.js';
import { VendorEntity } from '../vendors/vendor.entity.js';

/** An import from a supplier service (spec 01 §3 "Import", issue 31); status, progress and last_log_at are the job's. */
@Entity('imports')
export class ImportEntity extends VersionedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('int')
  vendor_id: number;

  @ManyToOne(() => VendorEntity)
  @JoinColumn({ name: 'vendor_id' })
  vendor: VendorEntity;

  @Column('varchar', { length: 64 })
  type: string;

  /** The type's name when the import was saved (the vendors' types are a cache that may be refreshed). */
  @Column('varchar', { length: 255 })
  type_name: string;

  @Column('jsonb', { default: [] })
  items: ImportItem[];

  @Column('boolean', { default: true })
  is_active: boolean;

  @Column('smallint', { default: 1 })
  status: ImportStatus;

  @Column('smallint', { default: 0 })
  progress: number;

  @Column('timestamptz', { nullable: true })
  last_log_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
