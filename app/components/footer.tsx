/** The footer, all from the shop's settings (nothing shop-specific is written in the code): description, links, address, e-mail, phones, wallet number. */
import { Link } from 'react-router';
import type { ShopSettings } from '../../domain/settings';
import { useT } from '../lib/i18n';

type FooterSettings = Pick<ShopSettings, 'shop_name' | 'description' | 'address' | 'email' | 'phones' | 'wallet_number' | 'social_url'>;

export function Footer({ settings }: { settings: FooterSettings }) {
  const t = useT();
  const links = (items: [string, string, string][]) => (
    <ul className="space-y-1">
      {items.map(([to, bn, en]) => (
        <li key={to}>
          <Link to={to} className="fl">
            {t(bn, en)}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <footer className="no-print below-fold mt-12 bg-stone-900 text-sm text-stone-300">
      <div className="wrap grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-2 text-base font-bold text-white">{settings.shop_name}</h2>
          <p>{settings.description}</p>
          {settings.social_url && (
            <a href={settings.social_url} rel="noopener noreferrer" target="_blank" className="fl mt-2 inline-block underline">
              {t('ফেসবুক পেজ', 'Facebook page')}
            </a>
          )}
        </section>
        <section>
          <h2 className="mb-2 text-base font-bold text-white">{t('সাপোর্ট', 'Support')}</h2>
          {links([
            ['/track', 'অর্ডার ট্র্যাক করুন', 'Track my order'],
            ['/order', 'আমার অর্ডার', 'My orders'],
            ['/cart', 'কার্ট', 'Cart'],
            ['/wishlist', 'উইশলিস্ট', 'Wishlist'],
            ['/login', 'সাইন ইন', 'Sign in'],
            ['/custom-order', 'কাস্টম অর্ডার', 'Custom order'],
          ])}
        </section>
        <section>
          <h2 className="mb-2 text-base font-bold text-white">{t('কেনাকাটা করুন', 'Shop by')}</h2>
          {links([
            ['/books', 'বই', 'Books'],
            ['/electronics', 'ইলেক্ট্রনিক্স', 'Electronics'],
            ['/stationary', 'স্টেশনারি', 'Stationery'],
            ['/categories', 'ক্যাটাগরি', 'Categories'],
            ['/authors', 'লেখক', 'Authors'],
            ['/publishers', 'প্রকাশক', 'Publishers'],
          ])}
        </section>
        <section>
          <h2 className="mb-2 text-base font-bold text-white">{t('যোগাযোগ', 'Contact')}</h2>
          <address className="space-y-1 not-italic">
            <p>{settings.address}</p>
            {settings.email && (
              <p>
                <a href={`mailto:${settings.email}`} className="fl">
                  {settings.email}
                </a>
              </p>
            )}
            {settings.phones.map((p) => (
              <p key={p}>
                <a href={`tel:${p}`} className="fl">
                  {p}
                </a>
              </p>
            ))}
            {settings.wallet_number && (
              <p>
                {t('বিকাশ/নগদ/রকেট (পার্সোনাল)', 'bKash/Nagad/Rocket (personal)')}: {settings.wallet_number}
              </p>
            )}
          </address>
        </section>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">© {settings.shop_name}</p>
    </footer>
  );
}
