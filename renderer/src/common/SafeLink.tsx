/**
 * The one way the renderer draws a link whose address comes from data (a departure's tracking link,
 * an agency's search module, an uploaded file): only an http(s) address becomes a link; anything
 * else — `javascript:`, `data:`, `vbscript:`, text that is no address — is shown as plain text, so a
 * value stored by another program or before links were checked can never run script on a click.
 * Relative addresses (`/api/storage/…`) are resolved against the page first. ARCHITECTURE.md §7.
 */
import { safeUrl } from '@shared/validation';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** The http(s) address `href` leads to from this page, or null when it is not one. */
export function safeHref(href: string | null | undefined): string | null {
  return safeUrl(href, typeof window === 'undefined' ? undefined : window.location.href);
}

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  href: string | null | undefined;
  /** What the link shows; the address itself when absent. */
  children?: ReactNode;
};

export function SafeLink({ href, children, target, rel, className, title, ...rest }: Props) {
  const safe = safeHref(href);
  const content = children ?? href ?? '';
  if (safe === null) {
    return (
      <span className={className} title={title}>
        {content}
      </span>
    );
  }
  // The address as given (a relative one stays relative): the browser resolves it exactly as checked.
  return (
    <a {...rest} className={className} title={title} href={href!} target={target} rel={target === '_blank' ? 'noopener noreferrer' : rel}>
      {content}
    </a>
  );
}
