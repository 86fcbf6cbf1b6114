/** Every TypeORM entity of the product; each feature folder owns its entity, this list registers it. */
import { LoginAttemptEntity, SessionEntity } from '../auth/session.entity.js';
import { CountryEntity } from '../countries/country.entity.js';
import { LogEntity } from '../logs/log.entity.js';
import { UserEntity } from '../users/user.entity.js';

export const ENTITIES = [UserEntity, SessionEntity, LoginAttemptEntity, CountryEntity, LogEntity];
