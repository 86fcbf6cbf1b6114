import { Column, Entity } from 'typeorm';
import { NamedEntity } from '../common/entities/named.entity.js';

@Entity('tour_categories')
export class TourCategoryEntity extends NamedEntity {}

@Entity('tour_trade_offers')
export class TradeOfferEntity extends NamedEntity {
  @Column('varchar', { nullable: true })
  icon: string | null;
}

@Entity('tour_types')
export class TourTypeEntity extends NamedEntity {}
