import { Global, Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { UploadSlots } from './upload-slots.js';

/**
 * Uploads (spec 01 §7): the endpoints, and FilesService for any feature to inject (global, so
 * agency documents, hotels and tours can store and remove files without importing this module).
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [FilesService, UploadSlots],
  exports: [FilesService, UploadSlots],
})
export class FilesModule {}
