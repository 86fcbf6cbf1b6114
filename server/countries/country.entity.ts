import { Entity } from 'typeorm';
import { NamedEntity } from '../common/entities/named.entity.js';

@Entity('countries')
export class CountryEntity extends NamedEntity {}
