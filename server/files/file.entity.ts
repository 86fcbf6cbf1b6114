import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One distinct content, stored once whatever the number of uploads of it (content-addressed); its bytes are in `stored_file_chunks`. */
@Entity('stored_files')
export class StoredFileEntity {
  /** Lower-case hex SHA-256 of the content; also the ETag it is served with. */
  @PrimaryColumn('char', { length: 64 })
  sha256: string;

  @Column('varchar', { length: 100 })
  mime: string;

  @Column('integer')
  size: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}

/**
 * A named upload (`photos/city/<uuid>.jpg`), served at /api/storage/<path>. Records that keep an
 * upload may reference `files (path)` or `files (id)` with a foreign key: DELETE /api/photos then
 * answers 403 "in use" instead of breaking them.
 */
@Entity('files')
export class FileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique (uq_files_path); only ever looked up as a key, never joined onto a filesystem path. */
  @Column('varchar', { length: 255 })
  path: string;

  @Column('varchar', { length: 255 })
  original_name: string;

  @Column('char', { length: 64 })
  sha256: string;

  @Column('varchar', { length: 100 })
  mime: string;

  @Column('integer')
  size: number;

  @Column('varchar', { length: 50, nullable: true })
  entity: string | null;

  @Column('varchar', { length: 50, nullable: true })
  type: string | null;

  @Column('integer', { nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
