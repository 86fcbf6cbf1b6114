import { Controller, Get, Inject, Query } from '@nestjs/common';
import { catalogSectionSchema } from '../../shared/catalog-sections/schema.js';
import { ACCESS } from '../../shared/roles.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { Roles } from '../common/auth/decorators.js';
import { CatalogSectionsService } from './catalog-sections.service.js';

/**
 * Catalogue sections (spec 03 §7): plain JSON bodies, saved whole; administrator and manager (§6),
 * the picker (`/list`: a tour's sections) included.
 */
export class CatalogSectionsController extends AggregateController({
  path: 'catalog-sections',
  service: CatalogSectionsService,
  schema: catalogSectionSchema,
  body: 'json',
  roles: { default: ACCESS.administratorAndManager },
  activeSwitch: true,
}) {}

/** GET /api/front/catalog-sections/parent-list (spec 03 §7): the parent select of the dialog. */
@Controller('front/catalog-sections')
@Roles(...ACCESS.administratorAndManager)
export class CatalogSectionParentsController {
  constructor(@Inject(CatalogSectionsService) private readonly sections: CatalogSectionsService) {}

  @Get('parent-list')
  parentList(@Query() query: Record<string, unknown>) {
    return this.sections.parentList(query);
  }
}
