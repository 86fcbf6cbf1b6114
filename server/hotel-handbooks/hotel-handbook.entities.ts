import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { NamedEntity } from '../common/entities/named.entity.js';

@Entity('meals')
export class MealEntity extends NamedEntity {
  @Column('smallint')
  category_type: number;
}

@Entity('accommodations')
export class AccommodationEntity extends NamedEntity {}

@Entity('hotel_services')
export class HotelServiceEntity extends NamedEntity {
  @Column('varchar', { nullable: true })
  icon: string | null;

  @Column('boolean', { default: false })
  is_filter: boolean;

  @Column('boolean', { default: false })
  is_point_filter: boolean;
}

@Entity('promotions')
export class PromotionEntity extends NamedEntity {
  @Column('text', { nullable: true })
  description: string | null;

  @Column('date', { nullable: true })
  published_date: string | null;

  @Column('date', { nullable: true })
  date_from: string | null;

  @Column('date', { nullable: true })
  date_to: string | null;

  @Column('boolean', { default: false })
  discount: boolean;

  @Column('smallint', { nullable: true })
  percent: number | null;
}

@Entity('infrastructure_types')
export class InfrastructureTypeEntity extends NamedEntity {}

@Entity('infrastructures')
export class InfrastructureEntity extends NamedEntity {
  @Column('int')
  infrastructure_type_id: number;

  @ManyToOne(() => InfrastructureTypeEntity)
  @JoinColumn({ name: 'infrastructure_type_id' })
  infrastructure_type: InfrastructureTypeEntity;

  @Column('boolean', { default: false })
  is_filter: boolean;

  @Column('boolean', { default: false })
  is_point_filter: boolean;
}
