import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { VersionedEntity } from '../common/entities/versioned.entity.js';

/**
 * The columns of a catalogue section its list shows and its active switch writes (the list engine
 * and the list switch read through an entity). The whole section is read and written by the
 * aggregate store (./catalog-section.aggregate.ts).
 */
@Entity('catalog_sections')
export class CatalogSectionEntity extends VersionedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('int', { nullable: true })
  catalog_section_id: number | null;

  @ManyToOne(() => CatalogSectionEntity)
  @JoinColumn({ name: 'catalog_section_id' })
  parent: CatalogSectionEntity | null;

  @Column('boolean')
  is_active: boolean;

  @Column('smallint')
  sort: number;
}
