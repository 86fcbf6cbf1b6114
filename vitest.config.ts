import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

// Three projects: server tests (SWC, because NestJS and TypeORM need decorator metadata that
// esbuild-style transforms do not emit), Electron main tests (electron mocked), and pure unit
// tests of shared code and renderer helpers.
// The server tests run with the connection rules enforced; breaches are collected in this file and
// fail the run at its end even when the code swallowed them (server/database/connection-discipline.ts).
process.env.DATABASE_DISCIPLINE_REPORT ??= path.join(os.tmpdir(), `backoffice-discipline-${process.pid}.txt`);

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one worker on a two-core machine; the server files spend much of
    // their time waiting on PostgreSQL and timers, and each has a database of its own (global-setup.ts),
    // so two at a time at least.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // Pure server code (the pricing engine) is tested without a database, in the unit project.
          exclude: [...configDefaults.exclude, 'server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // SUPPLIER_PRIVATE_HOSTS: the tests' local supplier (server/test/supplier-server.ts) lives on this computer, and only this opens the door to it.
          env: { DATABASE_DISCIPLINE: 'strict', DATABASE_DISCIPLINE_REPORT: process.env.DATABASE_DISCIPLINE_REPORT, SUPPLIER_PRIVATE_HOSTS: '127.0.0.1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'main',
          include: ['main/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
        test: {
          name: 'unit',
          // tests/layers: the layering check's own test (its fixture lies outside the folders the check scans).
          include: ['shared/**/*.test.ts', 'renderer/src/**/*.test.ts', 'server/**/*.unit.test.ts', 'tests/layers/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
