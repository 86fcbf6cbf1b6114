import { Module } from '@nestjs/common';
import { CatalogSectionParentsController, CatalogSectionsController } from './catalog-sections.controller.js';
import { CatalogSectionsService } from './catalog-sections.service.js';

/**
 * Routes of /api/catalog-sections whose POST and PUT take the section's JSON body: the large body
 * parser (server/common/aggregate/payload.ts), as the blocks' rich texts and advantages outgrow 100 KB.
 */
export const CATALOG_SECTION_PAYLOAD_ROUTES = ['/catalog-sections', '/catalog-sections/:id'];

/** Catalogue sections (spec 03 §2.13): list, dialog data, parent list, the aggregate save, the active switch. */
@Module({ controllers: [CatalogSectionsController, CatalogSectionParentsController], providers: [CatalogSectionsService] })
export class CatalogSectionsModule {}
