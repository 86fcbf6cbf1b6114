import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { VersionedEntity } from '../common/entities/versioned.entity.js';

/** An agency document (spec 01 §3): a stored upload (files.path) with a description and a sort priority. */
@Entity('agency_documents')
export class AgencyDocumentEntity extends VersionedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The uploaded file's original name (shown in the list, searched and sorted). */
  @Column('varchar', { length: 255 })
  name: string;

  @Column('varchar', { length: 400, nullable: true })
  description: string | null;

  /** 1–10, higher means higher priority; default 10. */
  @Column('smallint', { default: 10 })
  sort: number;

  /** Storage path of the file (files.path, fk__file; unique: one document per upload). */
  @Column('varchar', { length: 255 })
  file_path: string;

  @Column('integer', { nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
