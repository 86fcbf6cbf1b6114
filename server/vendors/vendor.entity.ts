import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { VersionedEntity } from '../common/entities/versioned.entity.js';
import type { PaymentMethod } from '../../shared/resources/vendors.js';

/** A supplier (spec 01 §3 "Vendor"); external services keep their session and settings in `payload`. */
@Entity('vendors')
export class VendorEntity extends VersionedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar', { length: 128 })
  name: string;

  @Column('varchar', { length: 100, nullable: true })
  address: string | null;

  @Column('varchar', { length: 50, nullable: true })
  email: string | null;

  @Column('varchar', { length: 50, nullable: true })
  contact_name: string | null;

  @Column('varchar', { length: 30, nullable: true })
  contact_phone: string | null;

  @Column('varchar', { length: 12, nullable: true })
  inn: string | null;

  @Column('varchar', { length: 15, nullable: true })
  ogrn: string | null;

  @Column('varchar', { length: 128, nullable: true })
  contract_form: string | null;

  @Column('varchar', { length: 200, nullable: true })
  comment: string | null;

  @Column('varchar', { length: 20, nullable: true })
  payment_method: PaymentMethod | null;

  @Column('varchar', { length: 255, nullable: true })
  requisites: string | null;

  @Column('boolean', { default: false })
  is_external_service: boolean;

  @Column('jsonb', { default: {} })
  payload: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
