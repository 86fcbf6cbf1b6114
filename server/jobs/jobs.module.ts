import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

/** The job queue for every feature (server/jobs/job-queue.ts). */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
