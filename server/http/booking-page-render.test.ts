import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withInlineStyles } from './booking-page-render.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtApp(css: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-Ab1_c.css'), css);
  return dir;
}

const TEMPLATE =
  '<head>\n    <script type="module" crossorigin src="/assets/index-X.js"></script>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-Ab1_c.css">\n  </head>';

describe('the template of server-rendered pages (ADR 0077)', () => {
  it('carries its style sheet in the page instead of a request for it', () => {
    const html = withInlineStyles(TEMPLATE, builtApp('.a{color:red}'));
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-X.js"></script>');
  });

  it('never lets the sheet end its element early', () => {
    const html = withInlineStyles(TEMPLATE, builtApp('.a::after{content:"</style><script>x()</script>"}'));
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<\/style>\s*<script>/i);
  });
});
