/** Paging by links (`?page=N`, other query values kept), so it works before JavaScript and can be shared. */
import { Link, useLocation } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';

export function Pager({ page, count, size = 20 }: { page: number; count: number; size?: number }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const s = params.toString();
    return `${location.pathname}${s ? `?${s}` : ''}`;
  };
  // Up to 5 numbered pages around the current one (spec §9).
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav aria-label={t('পেজ', 'Pages')} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link to={href(page - 1)} className="pg" rel="prev">
          {t('আগের', 'Previous')}
        </Link>
      )}
      {numbers.map((n) => (
        <Link key={n} to={href(n)} aria-current={n === page ? 'page' : undefined} className="pg aria-[current=page]:bg-brand aria-[current=page]:text-white">
          {lang === 'bn' ? toBengaliDigits(n) : n}
        </Link>
      ))}
      {page < pages && (
        <Link to={href(page + 1)} className="pg" rel="next">
          {t('পরের', 'Next')}
        </Link>
      )}
    </nav>
  );
}
