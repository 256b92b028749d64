/** Pre-orders on the storefront (docs/preorders.md): the badge with its release date, and the cart's and checkout's note. */
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

/** The checkout's word on an order holding a pre-order: it waits for the book, whole, and is paid on delivery. */
export function PreorderNote() {
  const t = useT();
  return (
    <p className="mb-3 rounded border border-indigo-200 bg-indigo-50 p-2 text-sm text-indigo-900" role="note" data-testid="preorder-note">
      {t(
        'এই অর্ডারে প্রি-অর্ডারের বই আছে: পুরো অর্ডারটি বই এলে ও প্রকাশের দিন থেকে একসাথে পাঠানো হবে। প্রি-অর্ডার শুধু ক্যাশ অন ডেলিভারিতে।',
        'This order holds a pre-order: the whole order is sent together once the book is in and released. Pre-orders are cash on delivery only.',
      )}
    </p>
  );
}
