import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A signed-in session, kept in PostgreSQL so every instance on the same central database accepts it.
 * The cookie carries a random token; only its SHA-256 is stored.
 */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('char', { length: 64 })
  token_hash: string;

  @Column('int')
  user_id: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column('timestamptz')
  last_seen_at: Date;
}

/** A failed sign-in, keyed by the login (not the address: in the desktop app every request is from 127.0.0.1). */
@Entity('login_attempts')
export class LoginAttemptEntity {
  @PrimaryColumn('bigint', { generated: 'increment' })
  id: string;

  @Column('varchar', { length: 255 })
  login: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
