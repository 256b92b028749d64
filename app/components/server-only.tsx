/**
 * Markup the server renders and the browser keeps as it is, shipping none of its code, so the
 * JavaScript a phone downloads stays small (the footer, the header's contact strip and menus). Only for content that nothing
 * in the browser changes without a full page load (settings, language, the category menu).
 * Callers guard the children with `import.meta.env.SSR` so the bundler drops their code from
 * the browser build. Links inside still navigate in the page (one delegated click handler).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

export function ServerOnly({ children, className }: { children?: ReactNode; className?: string }) {
  const navigate = useNavigate();
  if (import.meta.env.SSR) return <div className={className}>{children}</div>;
  const onClick = (e: MouseEvent) => {
    const a = (e.target as Element).closest('a');
    if (!a || a.hasAttribute('data-reload') || a.origin !== window.location.origin || a.target || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    a.closest('details')?.removeAttribute('open');
    void navigate(a.pathname + a.search);
  };
  return <div className={className} onClick={onClick} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}
