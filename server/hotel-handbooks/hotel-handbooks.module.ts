import { Controller, Get, Module } from '@nestjs/common';
import { HOTEL_SERVICE_ICONS, MEAL_CATEGORIES } from '../../shared/resources/hotel-handbooks.js';

@Controller('hotels')
class HotelHandbooksController {
  /** GET /api/hotels/meals/categories/list */
  @Get('meals/categories/list')
  mealCategories() {
    return { data: MEAL_CATEGORIES };
  }

  /** GET /api/hotels/services/icons: the icon names a hotel service may show on the site. */
  @Get('services/icons')
  serviceIcons() {
    return { icons: HOTEL_SERVICE_ICONS.map(({ id, name }) => ({ id, name })) };
  }
}

@Module({ controllers: [HotelHandbooksController] })
export class HotelHandbooksModule {}
