/** Pre-orders on the storefront (docs/preorders.md): the badge with its release date (the checkout's note is preorder-note.tsx, so shop pages don't carry its text). */
import { releaseDateText, type ShopperPreorder } from '../../domain/preorders';
import { useLang, useT } from '../lib/i18n';

/** "প্রি-অর্ডার · প্রকাশ ১৫ ফেব্রুয়ারি ২০২৬" under a pre-order's price; nothing for other products. */
export function PreorderBadge({ p, className = '' }: { p: ShopperPreorder; className?: string }) {
  const lang = useLang();
  const t = useT();
  if (!p.preorder) return null;
  return (
    <p className={`text-xs font-semibold text-indigo-800 ${className}`} data-testid="preorder-badge">
      <span className="rounded bg-indigo-700 px-1.5 py-0.5 text-white">{t('প্রি-অর্ডার', 'Pre-order')}</span> {t('প্রকাশ', 'Release')}: {releaseDateText(p.preorder.release_date, lang)}
    </p>
  );
}
