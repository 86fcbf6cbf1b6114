import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MappingKind } from '../../shared/resources/supplier-mappings.js';
import { CityEntity } from '../cities/city.entity.js';
import { VersionedEntity } from '../common/entities/versioned.entity.js';
import { AccommodationEntity } from '../hotel-handbooks/hotel-handbook.entities.js';
import { RoomPlaceEntity, RoomTypeEntity } from '../room-dictionaries/room-dictionary.entities.js';
import { VendorEntity } from '../vendors/vendor.entity.js';

/**
 * A supplier's value and our row it stands for (issue 31; migrations/1765700000300-SupplierMappings.ts):
 * one column per kind, the kind's own (the others stay null), null while it is not mapped.
 */
@Entity('supplier_mappings')
export class SupplierMappingEntity extends VersionedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('int')
  vendor_id: number;

  @ManyToOne(() => VendorEntity)
  @JoinColumn({ name: 'vendor_id' })
  vendor: VendorEntity;

  @Column('varchar', { length: 16 })
  kind: MappingKind;

  @Column('text')
  value: string;

  @Column('int', { nullable: true })
  city_id: number | null;

  @ManyToOne(() => CityEntity)
  @JoinColumn({ name: 'city_id' })
  city: CityEntity | null;

  @Column('int', { nullable: true })
  room_type_id: number | null;

  @ManyToOne(() => RoomTypeEntity)
  @JoinColumn({ name: 'room_type_id' })
  room_type: RoomTypeEntity | null;

  @Column('int', { nullable: true })
  place_id: number | null;

  @ManyToOne(() => RoomPlaceEntity)
  @JoinColumn({ name: 'place_id' })
  place: RoomPlaceEntity | null;

  @Column('int', { nullable: true })
  accommodation_id: number | null;

  @ManyToOne(() => AccommodationEntity)
  @JoinColumn({ name: 'accommodation_id' })
  accommodation: AccommodationEntity | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
