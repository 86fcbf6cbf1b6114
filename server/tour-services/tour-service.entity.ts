import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { VendorEntity } from '../vendors/vendor.entity.js';

/**
 * The columns of a tour service its list shows (the list engine reads lists through an entity).
 * The whole service is read and written by the aggregate store (./tour-service.aggregate.ts).
 */
@Entity('tour_services')
export class TourServiceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('smallint')
  class: number;

  @Column('int', { nullable: true })
  vendor_id: number | null;

  @ManyToOne(() => VendorEntity)
  @JoinColumn({ name: 'vendor_id' })
  vendor: VendorEntity | null;
}
