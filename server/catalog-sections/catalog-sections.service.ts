import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { CATALOG_SECTION_IMAGE, CATALOG_SECTION_LIMITS } from '../../shared/catalog-sections/constants.js';
import type { CatalogSection } from '../../shared/catalog-sections/schema.js';
import type { CatalogSectionData, CatalogSectionRecord } from '../../shared/catalog-sections/types.js';
import { fileLimitsOf } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { optionalId } from '../../shared/validation.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { slugOfSave } from '../common/database/derived-slug.js';
import { notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { CATALOG_SECTION_AGGREGATE, catalogSectionNode, catalogSectionRecord } from './catalog-section.aggregate.js';
import { CATALOG_SECTIONS_LIST } from './catalog-sections.list.js';

/** Taken by every save that gives a stored section a parent: two such saves cannot close a ring between them. */
const TREE_LOCK = 'catalog_sections.tree';

/** The section with this id and every section under it, walked down the tree (UNION: a ring, were there one, ends the walk). */
const SUBTREE = `WITH RECURSIVE subtree(id) AS (
  SELECT id FROM catalog_sections WHERE id = $1
  UNION SELECT c.id FROM catalog_sections c JOIN subtree s ON c.catalog_section_id = s.id
)`;

const parentListQuery = z.object({ id: optionalId() });

/**
 * Catalogue sections (spec 03 §2.13) on the aggregate machinery: list, show, create, update with the
 * version check, delete (403 while a child section, a tour or a hotel names the section — PostgreSQL's
 * keys say so), plus `/data`, the parent list and the list's active switch.
 */
@Injectable()
export class CatalogSectionsService extends AggregateEditor<CatalogSection, CatalogSectionRecord> {
  constructor(
    @Inject(DataSource) db: DataSource,
    @Inject(ListService) lists: ListService,
  ) {
    super(db, lists, { aggregate: CATALOG_SECTION_AGGREGATE, list: CATALOG_SECTIONS_LIST });
  }

  /** The rows of a section: a parent outside its own subtree, a missing slug derived from the name. */
  protected async build(manager: EntityManager, section: CatalogSection, id: number | undefined) {
    if (id !== undefined && section.catalog_section_id !== null) await this.checkAncestry(manager, id, section.catalog_section_id);
    const slug = section.slug ?? (await slugOfSave(manager, 'catalog_sections', section.name, id, { max: CATALOG_SECTION_LIMITS.slug, fallback: 'section' }));
    return catalogSectionNode({ ...section, slug });
  }

  /**
   * A section is never its own ancestor: the parent chosen must not be the section or lie under it.
   * Only a stored section can be under-cut (a new one has no children). The transaction lock makes
   * such saves wait for each other, and the walk then reads what the previous one committed, so two
   * saves at once (A under B, B under A) cannot both pass.
   */
  private async checkAncestry(manager: EntityManager, id: number, parentId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [TREE_LOCK]);
    const [found] = await manager.query<{ inside: boolean }[]>(`${SUBTREE} SELECT EXISTS (SELECT 1 FROM subtree WHERE id = $2) AS inside`, [id, parentId]);
    if (found?.inside) throw new ValidationFailed({ catalog_section_id: [MESSAGES.catalogSections.ancestry] });
  }

  async read(manager: EntityManager, id: number): Promise<CatalogSectionRecord> {
    const [stored] = await readAggregates(manager, CATALOG_SECTION_AGGREGATE, [id]);
    if (!stored) throw notFound();
    return catalogSectionRecord(stored, await this.isDeletable(manager, id));
  }

  /** GET /api/catalog-sections/data: the sections (parents, the hotel's Каталог tab) and the images' limits. */
  async data(): Promise<CatalogSectionData> {
    const { catalog_sections } = await readLookups<Pick<CatalogSectionData, 'catalog_sections'>>(this.db, { catalog_sections: 'catalog_sections' });
    return {
      catalog_sections,
      image_limits: fileLimitsOf(CATALOG_SECTION_IMAGE.policy),
      image_hint: CATALOG_SECTION_IMAGE.hint,
    };
  }

  /** Every section, {id, name} by name. */
  private sections(): Promise<{ id: number; name: string }[]> {
    return this.db.query('SELECT id, name FROM catalog_sections ORDER BY name, id');
  }

  /** GET /api/front/catalog-sections/parent-list?id=: the sections that may be the parent of section `id` (all of them for a new one). */
  async parentList(raw: Record<string, unknown>): Promise<{ data: { id: number; name: string }[] }> {
    const { id } = parseInput(parentListQuery, raw);
    if (id === null) return { data: await this.sections() };
    const data = await this.db.query<{ id: number; name: string }[]>(`${SUBTREE} SELECT id, name FROM catalog_sections WHERE id NOT IN (SELECT id FROM subtree) ORDER BY name, id`, [id]);
    return { data };
  }
}
