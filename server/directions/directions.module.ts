import { Controller, Get, Inject, Module } from '@nestjs/common';
import { ResourceService } from '../common/resource/resource.service.js';
import { citiesServerResource } from '../cities/cities.resource.js';

@Controller('directions')
class DirectionsDataController {
  constructor(@Inject(ResourceService) private readonly resources: ResourceService) {}

  /** GET /api/directions/data: what the direction dialog chooses from. */
  @Get('data')
  async data() {
    const { data: cities } = await this.resources.shortList(citiesServerResource);
    return { cities };
  }
}

@Module({ controllers: [DirectionsDataController] })
export class DirectionsModule {}
