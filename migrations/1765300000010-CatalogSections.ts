import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * Catalogue sections of the public site (spec 03 §2.13, §3 "Catalogue section"): a tree (a section
 * names its parent; the key does not cascade, so a parent with children cannot be deleted), with a
 * banner and an image uploaded through POST /api/images (entity `catalog-section`, kept to that
 * folder by `ck__banner` / `ck__image`), SEO fields and the SEO content blocks. Slider tours, and the
 * sections a tour is placed in, reference tours: they are created with tours (1765300000020-Tours).
 * A hotel names the sections it is shown in (`hotel_catalog_sections`, the hotel editor's Каталог tab).
 */
export class CatalogSections1765300000010 implements MigrationInterface {
  name = 'CatalogSections1765300000010';

  async up(db: QueryRunner): Promise<void> {
    const image = (column: string) =>
      `${column} varchar(255) CONSTRAINT fk__${column} REFERENCES files (path) ON UPDATE CASCADE
        CONSTRAINT ck__${column} CHECK (starts_with(${column}, 'images/catalog-section/'))`;
    await db.query(`
      CREATE TABLE catalog_sections (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        slug varchar(255) NOT NULL,
        description text,
        catalog_section_id integer CONSTRAINT fk__catalog_section_id REFERENCES catalog_sections (id),
        ${image('banner')},
        ${image('image')},
        is_active boolean NOT NULL DEFAULT true,
        exclusive boolean NOT NULL DEFAULT false,
        sort smallint NOT NULL DEFAULT 10 CHECK (sort BETWEEN 1 AND 100),
        price varchar(200),
        seo_h1 varchar(255),
        seo_title varchar(255),
        seo_description varchar(5000),
        seo_content jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(seo_content) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (catalog_section_id IS DISTINCT FROM id)
      )`);
    for (const sql of versionedTableSql('catalog_sections')) await db.query(sql);
    await db.query(`CREATE UNIQUE INDEX uq_catalog_sections_slug ON catalog_sections (lower(slug))`);
    await db.query(`CREATE INDEX ix_catalog_sections_search ON catalog_sections USING gin (name gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_catalog_sections_name ON catalog_sections (name, id)`);
    await db.query(`CREATE INDEX ix_catalog_sections_sort ON catalog_sections (sort, id)`);
    await db.query(`CREATE INDEX ix_catalog_sections_parent ON catalog_sections (catalog_section_id)`);
    for (const column of ['banner', 'image']) await db.query(`CREATE INDEX ix_catalog_sections_${column} ON catalog_sections (${column})`);

    await db.query(`
      CREATE TABLE hotel_catalog_sections (
        hotel_id integer NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
        item_id integer NOT NULL CONSTRAINT fk__catalog_sections REFERENCES catalog_sections (id),
        position smallint NOT NULL,
        UNIQUE (hotel_id, item_id)
      )`);
    await db.query(`CREATE INDEX ix_hotel_catalog_sections_item ON hotel_catalog_sections (item_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE hotel_catalog_sections, catalog_sections`);
  }
}
