import { Column, Entity } from 'typeorm';
import { PersonEntity } from '../common/entities/person.entity.js';
import type { Role } from '../../shared/roles.js';

/** A staff user of the back-office (spec 01 §3 "Staff user"). Property names are the API's field names. */
@Entity('users')
export class UserEntity extends PersonEntity {
  /** Stored lower-case; unique (uq_users_email). */
  @Column('varchar', { length: 50 })
  email: string;

  /** bcrypt hash; never selected unless asked for by name. */
  @Column('varchar', { length: 100, select: false })
  password_hash: string;

  @Column('smallint')
  role: Role;

  @Column('boolean', { default: true })
  is_active: boolean;
}
