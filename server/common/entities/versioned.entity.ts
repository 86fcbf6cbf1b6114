import { Column } from 'typeorm';

/**
 * The version of a record edited by a form (ARCHITECTURE.md §7 "Version check"): raised by the
 * database on every change of the record's data (migrations/versioning.ts), never written by
 * TypeORM — a save that sent it back would itself count as a change.
 */
export abstract class VersionedEntity {
  @Column({ type: 'integer', insert: false, update: false })
  version: number;
}
