import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { catalogSectionSchema } from '../../shared/catalog-sections/schema.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { parseInput } from '../common/http/errors.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { CatalogSectionsService } from './catalog-sections.service.js';

/** Catalogue sections (spec 03 §7): plain JSON bodies, saved whole; administrator and manager (§6). */
@Controller('catalog-sections')
@Roles(...ACCESS.administratorAndManager)
export class CatalogSectionsController {
  constructor(@Inject(CatalogSectionsService) private readonly sections: CatalogSectionsService) {}

  /** GET /api/catalog-sections?query=&page=&limit=&orderBy=id|name|sort&ascending= */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.sections.list(query, viewer);
  }

  @Get('data')
  data() {
    return this.sections.data();
  }

  /** GET /api/catalog-sections/list?query=: {id, name} for other editors' selects (a tour's sections). */
  @Get('list')
  picker(@Query() query: Record<string, unknown>) {
    return this.sections.picker(query);
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.sections.show(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.sections.create(parseInput(catalogSectionSchema, body), actor);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.sections.update(id, parseInput(catalogSectionSchema, body), actor);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.sections.remove(id, actor);
  }

  /** PUT /api/catalog-sections/{id}/active: the list's switch (`{is_active}` or a toggle; `version` checked). */
  @Put(':id/active')
  switchActive(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.sections.switchActive(id, body, actor);
  }
}

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
