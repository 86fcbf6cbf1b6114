import base from './vite.config';
export default {
  ...base,
  plugins: [
    ...(base.plugins ?? []),
    {
      name: 'analyze',
      generateBundle(_: unknown, bundle: Record<string, any>) {
        const lines: string[] = [];
        for (const [name, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk' || !new RegExp(process.env.CHUNKS ?? '^assets/(index|http|icon)-').test(name)) continue;
          const byPkg: Record<string, number> = {};
          for (const [id, m] of Object.entries<any>(chunk.modules)) {
            const match = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
            const key = match ? match[1] + (match[1].startsWith('@blueprintjs') ? '/' + id.split('/').slice(-2).join('/') : '') : id.replace(/.*renderer\/src\//, 'src/').replace(/.*\/shared\//, 'shared/');
            byPkg[key] = (byPkg[key] ?? 0) + m.renderedLength;
          }
          lines.push('== ' + name + ' imports: ' + chunk.imports.join(' '));
          lines.push(Object.entries(byPkg).sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${k}:${Math.round(v / 1024)}K`).join('  '));
        }
        require('node:fs').writeFileSync('/tmp/speed-startup-analyze.txt', lines.join('\n'));
      },
    },
  ],
};
