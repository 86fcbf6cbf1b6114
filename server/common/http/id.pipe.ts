import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from './errors.js';

/** Route ids are positive integers; anything else cannot name a record, so it is a 404. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    return id;
  }
}
