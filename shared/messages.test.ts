import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';

/** Every feature's file in ./messages/ and the sections each exports. */
async function parts(): Promise<{ file: string; sections: Record<string, unknown> }[]> {
  const files = readdirSync(new URL('./messages/', import.meta.url)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(`./messages/${file.replace(/\.ts$/, '.js')}`)) as Record<string, Record<string, unknown>>;
      const exported = Object.values(module);
      expect(exported, `${file} exports one object of sections`).toHaveLength(1);
      return { file, sections: exported[0]! };
    }),
  );
}

describe('MESSAGES', () => {
  it('is composed of the feature files: each section defined in one of them, none left out', async () => {
    const owners = new Map<string, string[]>();
    for (const { file, sections } of await parts()) {
      for (const section of Object.keys(sections)) owners.set(section, [...(owners.get(section) ?? []), file]);
    }
    const twice = [...owners].filter(([, files]) => files.length > 1);
    expect(twice, 'a section spread in from two files: the later one would hide the earlier').toEqual([]);
    expect([...owners.keys()].sort()).toEqual(Object.keys(MESSAGES).sort());
  });

  it('holds each file’s sections as they are', async () => {
    for (const { sections } of await parts()) {
      for (const [section, texts] of Object.entries(sections)) expect(MESSAGES[section as keyof typeof MESSAGES]).toBe(texts);
    }
  });
});
