/**
 * Paging by links (`?page=N`, the other query values kept), so it works before JavaScript: the
 * first and last pages and two either side of the current one. One screen with two lists pages
 * the second under its own key (`pageKey`). `summary` adds the page and item counts.
 */
import { Link, useLocation } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';

function pageWindow(page: number, pages: number): number[] {
  return [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
}

export function Pager({ page, count, size = 20, pageKey = 'page', summary = false }: { page: number; count: number; size?: number; pageKey?: string; summary?: boolean }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const n = (v: number) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const pages = Math.max(1, Math.ceil(count / size));
  const counts = summary && (
    <span className="ml-2 text-xs text-stone-500">
      {pages > 1 && t(`পেজ ${n(page)} / ${n(pages)} · `, `page ${page} of ${pages} · `)}
      {t(`মোট ${n(count)}টি`, `${count} in all`)}
    </span>
  );
  if (pages <= 1) return counts ? <p className="mt-2">{counts}</p> : null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p === 1) params.delete(pageKey);
    else params.set(pageKey, String(p));
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ''}`;
  };
  const around = pageWindow(page, pages);
  return (
    <nav aria-label={t('পেজ', 'Pages')} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link to={href(page - 1)} className="pg" rel="prev">
          {t('আগের', 'Previous')}
        </Link>
      )}
      {around.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && around[i - 1] !== p - 1 && <span className="px-1">…</span>}
          <Link to={href(p)} aria-current={p === page ? 'page' : undefined} className="pg aria-[current=page]:bg-brand aria-[current=page]:text-white">
            {n(p)}
          </Link>
        </span>
      ))}
      {page < pages && (
        <Link to={href(page + 1)} className="pg" rel="next">
          {t('পরের', 'Next')}
        </Link>
      )}
      {counts}
    </nav>
  );
}
