import { Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { tourCalculatorSchema } from '../../shared/tour-calculators/schema.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { sendCalculatorDocx } from './tour-calculator-export.js';
import { TourCalculatorsService } from './tour-calculators.service.js';

/**
 * The tour calculator API (spec 03 §7 "Tour calculators", issue 30): administrator and manager
 * (§6); POST and PUT take a plain JSON body. No picker: nothing else names a calculator.
 */
export class TourCalculatorsController extends AggregateController({
  path: 'tours/calculators',
  service: TourCalculatorsService,
  schema: tourCalculatorSchema,
  body: 'json',
  roles: { default: ACCESS.administratorAndManager },
  without: ['picker'],
}) {
  /** GET /api/tours/calculators/{id}/export → `<name>.docx`, the offer for the customer. */
  @Get(':id/export')
  async export(@Param('id', IdPipe) id: number, @Res() response: Response): Promise<void> {
    await sendCalculatorDocx(response, (await this.service.show(id)).data);
  }
}
