import { Controller, Get, Module } from '@nestjs/common';
import { TRADE_OFFER_ICONS } from '../../shared/resources/tour-dictionaries.js';

@Controller('tours/excursion/trade-offers')
class TradeOfferIconsController {
  /** GET /api/tours/excursion/trade-offers/icons */
  @Get('icons')
  icons() {
    return { data: TRADE_OFFER_ICONS.map(({ id, name }) => ({ id, name })) };
  }
}

@Module({ controllers: [TradeOfferIconsController] })
export class TourDictionariesModule {}
