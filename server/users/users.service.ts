import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import type { firstAdministratorSchema } from '../../shared/resources/users.js';
import { Role } from '../../shared/roles.js';
import { hashPassword } from '../auth/passwords.js';
import { forbidden } from '../common/http/errors.js';
import { UserEntity } from './user.entity.js';

const FIRST_ADMIN_LOCK_KEY = 7_300_502;

/** The first administrator of an empty database: from ADMIN_EMAIL/ADMIN_PASSWORD or the one-time form. */
@Injectable()
export class UsersService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async anyUserExists(): Promise<boolean> {
    const [row]: { exists: boolean }[] = await this.db.query('SELECT EXISTS (SELECT 1 FROM users) AS exists');
    return Boolean(row?.exists);
  }

  /** Creates the administrator only while no user exists (403 afterwards), safe against two at once. */
  async createFirstAdministrator(input: z.output<typeof firstAdministratorSchema>): Promise<UserEntity> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
      const [row]: { exists: boolean }[] = await manager.query('SELECT EXISTS (SELECT 1 FROM users) AS exists');
      if (row?.exists) throw forbidden(MESSAGES.auth.setupClosed);
      const { password, ...person } = input;
      const inserted = await manager.getRepository(UserEntity).insert({
        ...person,
        password_hash: await hashPassword(password),
        role: Role.Administrator,
        is_active: true,
      });
      return manager.getRepository(UserEntity).findOneByOrFail({ id: inserted.identifiers[0]?.id as number });
    });
  }

  /**
   * At start: ADMIN_EMAIL/ADMIN_PASSWORD create the first administrator on an empty database.
   * True when this call created it.
   */
  async ensureFirstAdministrator(credentials: { email: string; password: string } | undefined): Promise<boolean> {
    if (!credentials || (await this.anyUserExists())) return false;
    try {
      await this.createFirstAdministrator({
        surname: 'Администратор',
        name: 'Главный',
        patronymic: null,
        email: credentials.email.toLowerCase(),
        password: credentials.password,
      });
      return true;
    } catch (error) {
      // Another instance created it a moment earlier: that is fine.
      if (error instanceof HttpException && error.getStatus() === HttpStatus.FORBIDDEN) return false;
      throw error;
    }
  }
}
