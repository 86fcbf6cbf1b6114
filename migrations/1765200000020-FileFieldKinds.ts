import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A file field takes only its kind of upload (docs/architecture.md, the conventions of the machinery: a CHECK named `ck__<field>`
 * turns the refusal into that field's 422), as a city's catalogue image already does
 * (1764300000000-StoredContent). Until now a hotel's photo list took a `documents/…pdf` path and a
 * bus transport's catalogue image a PDF. The areas are the upload types' storage folders
 * (shared/hotels/files.ts HOTEL_UPLOADS; POST /api/photos with entity `bus`), written out here so
 * that this migration means the same whatever those become:
 *   hotel_uploads.path       desc → documents/hotel/, memo → documents/hotel-memo/,
 *                            photo → photos/hotel/, video → videos/hotel/        (ck__path)
 *   hotel_room_photos.path   photos/hotel-room/                                  (ck__path)
 *   transports.catalog_image photos/bus/                                         (ck__catalog.image)
 *
 * Rows stored before that break the rule are kept, not deleted: the constraints are added NOT VALID
 * (checked on every insert and update from now on, not on the rows already there), and the rows are
 * listed in /logs (NOTICE). The editors' schemas refuse such a file with 'Этот файл загружен не для
 * этого поля.' on its own row (`photos.2.path`, `catalog.image`) at the record's next save, so the
 * person editing it sees which file to replace; nothing vanishes from a hotel behind their back.
 */
export class FileFieldKinds1765200000020 implements MigrationInterface {
  name = 'FileFieldKinds1765200000020';

  async up(db: QueryRunner): Promise<void> {
    const hotelUploads = `CASE list
        WHEN 'desc' THEN starts_with(path, 'documents/hotel/')
        WHEN 'memo' THEN starts_with(path, 'documents/hotel-memo/')
        WHEN 'photo' THEN starts_with(path, 'photos/hotel/')
        WHEN 'video' THEN starts_with(path, 'videos/hotel/')
        ELSE false END`;
    const roomPhotos = `starts_with(path, 'photos/hotel-room/')`;
    const catalogImage = `starts_with(catalog_image, 'photos/bus/')`;

    const stray = {
      hotel_uploads: await db.query(`SELECT hotel_id, list, path FROM hotel_uploads WHERE NOT (${hotelUploads}) ORDER BY hotel_id, list, position`),
      hotel_room_photos: await db.query(
        `SELECT r.hotel_id, p.room_id, p.path FROM hotel_room_photos p JOIN hotel_rooms r ON r.id = p.room_id WHERE NOT (${roomPhotos}) ORDER BY r.hotel_id, p.room_id, p.position`,
      ),
      transports: await db.query(`SELECT id, catalog_image FROM transports WHERE NOT (${catalogImage}) ORDER BY id`),
    } as Record<string, unknown[]>;

    await db.query(`ALTER TABLE hotel_uploads ADD CONSTRAINT ck__path CHECK (${hotelUploads}) NOT VALID`);
    await db.query(`ALTER TABLE hotel_room_photos ADD CONSTRAINT ck__path CHECK (${roomPhotos}) NOT VALID`);
    await db.query(`ALTER TABLE transports ADD CONSTRAINT "ck__catalog.image" CHECK (${catalogImage}) NOT VALID`);

    if (Object.values(stray).some((rows) => rows.length > 0)) {
      await db.query(`INSERT INTO logs (level, level_name, source, title, msg, meta) VALUES (250, 'NOTICE', 'database', $1, $2, $3)`, [
        'Найдены файлы, загруженные не для своего поля',
        'Они сохранены как есть; при следующем сохранении записи редактор попросит заменить их.',
        stray,
      ]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE transports DROP CONSTRAINT "ck__catalog.image"`);
    await db.query(`ALTER TABLE hotel_room_photos DROP CONSTRAINT ck__path`);
    await db.query(`ALTER TABLE hotel_uploads DROP CONSTRAINT ck__path`);
  }
}
