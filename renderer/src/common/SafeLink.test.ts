import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SafeLink } from './SafeLink';

const html = (href: string | null, children?: string) => renderToStaticMarkup(createElement(SafeLink, { href, target: '_blank' }, children));

describe('SafeLink', () => {
  it('draws an http(s) address as a link that does not hand over window.opener', () => {
    expect(html('https://glonass.example/track/1')).toBe('<a href="https://glonass.example/track/1" target="_blank" rel="noopener noreferrer">https://glonass.example/track/1</a>');
    expect(html('http://example.ru', 'сайт')).toBe('<a href="http://example.ru" target="_blank" rel="noopener noreferrer">сайт</a>');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'example.ru'])(
    'shows %j as text, never as a link',
    (href) => {
      const markup = html(href);
      expect(markup.startsWith('<span')).toBe(true);
      expect(markup).not.toContain('href');
    },
  );

  it('checks a relative address (an upload) as resolved against the page, and keeps it as given; nothing without an address', () => {
    vi.stubGlobal('window', { location: { href: 'http://127.0.0.1:8080/hotels/3/edit' } });
    try {
      expect(renderToStaticMarkup(createElement(SafeLink, { href: '/api/storage/files/a.pdf', download: 'a.pdf' }, 'a.pdf'))).toBe('<a download="a.pdf" href="/api/storage/files/a.pdf">a.pdf</a>');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(html(null)).toBe('<span></span>');
  });
});
