import { Controller, Get, Inject, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CHILDREN_AGES } from '../../shared/resources/room-dictionaries.js';
import { CurrentUser, type AuthUser } from '../common/auth/decorators.js';
import type { ServerResource } from '../common/resource/server-resource.js';
import { ROOM_DICTIONARIES } from './room-dictionaries.resources.js';

@Controller('hotels/rooms')
class RoomsDataController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** GET /api/hotels/rooms/data: every room dictionary at once for the room form, by name. */
  @Get('data')
  async data(@CurrentUser() viewer: AuthUser) {
    const entries = await Promise.all(
      Object.entries(ROOM_DICTIONARIES).map(async ([key, resource]) => {
        const { entity, toRow } = resource as ServerResource;
        const rows = await this.db.getRepository(entity).find({ order: { name: 'ASC', id: 'ASC' } });
        return [key, rows.map((row) => (toRow ? toRow(row, viewer) : row))] as const;
      }),
    );
    return { ...Object.fromEntries(entries), children_ages: CHILDREN_AGES };
  }
}

@Module({ controllers: [RoomsDataController] })
export class RoomDictionariesModule {}
