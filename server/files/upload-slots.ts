/**
 * How many uploads this server receives at once: at most UPLOAD_SLOTS.perUser for one person (a
 * 429 for the next) and UPLOAD_SLOTS.overall for everyone together (a 503 with Retry-After). Uploads
 * hold no database connection while their bytes arrive (FilesService.storeStream), but each costs
 * memory, a socket and chunk writes: a burst of them, or one user's stalled videos, must not crowd out
 * the office's other requests. The refusal is for that request only; nothing else is slowed.
 */
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES } from '../../shared/messages.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../common/http/errors.js';

export const UPLOAD_SLOTS = { perUser: 4, overall: 12 } as const;

@Injectable()
export class UploadSlots {
  private running = 0;
  private readonly byUser = new Map<number, number>();

  /**
   * Takes a slot for this request's upload until its response is done (or the client goes away);
   * throws the 429 / 503 when none is free.
   */
  take(request: Request, response: Response): void {
    const user = request.user?.id ?? 0;
    const mine = this.byUser.get(user) ?? 0;
    if (mine >= UPLOAD_SLOTS.perUser) throw new HttpException({ message: MESSAGES.files.tooManyInFlight }, HttpStatus.TOO_MANY_REQUESTS);
    if (this.running >= UPLOAD_SLOTS.overall) {
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      throw new HttpException({ message: MESSAGES.files.serverBusyWithUploads }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    this.running++;
    this.byUser.set(user, mine + 1);
    let released = false;
    // 'close' comes once the response is sent or the connection is gone, whichever is first.
    response.once('close', () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byUser.get(user) ?? 1) - 1;
      if (left > 0) this.byUser.set(user, left);
      else this.byUser.delete(user);
    });
  }

  /** Uploads being received now (for tests and the bench). */
  get inFlight(): number {
    return this.running;
  }
}
