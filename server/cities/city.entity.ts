import { Column, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import type { CitySeo } from '../../shared/resources/cities.js';
import { moneyNumber } from '../../shared/money.js';
import { NamedEntity } from '../common/entities/named.entity.js';
import { CountryEntity } from '../countries/country.entity.js';

const cityList = (table: string) => ({ name: table, joinColumn: { name: 'city_id' }, inverseJoinColumn: { name: 'linked_city_id' } });

@Entity('cities')
export class CityEntity extends NamedEntity {
  @Column('int')
  country_id: number;

  @ManyToOne(() => CountryEntity)
  @JoinColumn({ name: 'country_id' })
  country: CountryEntity;

  @Column('varchar')
  slug: string;

  /** Storage path of the catalog image (files.path). */
  @Column('varchar', { nullable: true })
  catalog_image: string | null;

  @Column('numeric', { precision: 12, scale: 2, nullable: true, transformer: { to: (value) => value, from: (value: string | null) => moneyNumber(value) } })
  catalog_price: number | null;

  @Column('jsonb', { default: {} })
  seo_settings: CitySeo;

  @ManyToMany(() => CityEntity)
  @JoinTable(cityList('city_near_cities'))
  near_cities: CityEntity[];

  @ManyToMany(() => CityEntity)
  @JoinTable(cityList('city_railway_transfer_cities'))
  railway_transfer_cities: CityEntity[];

  @ManyToMany(() => CityEntity)
  @JoinTable(cityList('city_aviation_transfer_cities'))
  aviation_transfer_cities: CityEntity[];
}
