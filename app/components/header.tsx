/** The shared header of spec §2: top strip, search bar with logo and icons, navigation bar. */
import { Link, NavLink, useLocation } from 'react-router';
import type { ShopSettings } from '../../domain/settings';
import { countItems, useCart, useWishlist } from '../lib/cart';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { AdminIcon, CartIcon, ChevronIcon, HeartIcon, LogoutIcon, UserIcon } from './icons';
import { SearchBox } from './search-box';

export interface MenuCategory {
  id: number;
  name: string;
  children?: MenuCategory[];
}

type Contact = Pick<ShopSettings, 'shop_name' | 'phones' | 'email' | 'social_url'>;

export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}

function Badge({ count, label }: { count: number; label: string }) {
  const lang = useLang();
  if (!count) return null;
  return (
    <span data-testid={`${label}-badge`} className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs font-bold leading-5 text-stone-900">
      {lang === 'bn' ? toBengaliDigits(count) : count}
    </span>
  );
}

async function signOut() {
  try {
    await fetch('/logout/', { method: 'POST', credentials: 'same-origin' });
  } finally {
    window.localStorage.removeItem('user');
    window.localStorage.removeItem('token');
    window.location.assign('/');
  }
}

export function LangSwitch() {
  const lang = useLang();
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  const to = lang === 'bn' ? 'en' : 'bn';
  return (
    <a href={`/set-lang/${to}?back=${back}`} data-testid="lang-switch" lang={to} className="rounded border border-white/60 px-2 py-1 text-xs font-semibold hover:bg-white/10">
      {to === 'en' ? 'English' : 'বাংলা'}
    </a>
  );
}

export function Header({ settings, user, logo, menu }: { settings: Contact; user: { name: string; is_admin: boolean } | null; logo: { src: string; alt: string } | null; menu: MenuCategory[] }) {
  const t = useT();
  const location = useLocation();
  const cart = countItems(useCart());
  const wishlist = countItems(useWishlist());
  const icon = 'relative rounded p-1.5 hover:bg-white/10';
  return (
    <header className="no-print">
      <div className="hidden bg-stone-800 text-xs text-stone-100 sm:block">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
          {settings.phones.map((p) => (
            <a key={p} href={`tel:${p}`} className="hover:underline">
              ☎ {p}
            </a>
          ))}
          {settings.email && (
            <a href={`mailto:${settings.email}`} className="hover:underline">
              ✉ {settings.email}
            </a>
          )}
          <Link to="/order" className="ml-auto hover:underline">
            {t('আমার অর্ডার ট্র্যাক করুন', 'Track my order')}
          </Link>
          {settings.social_url && (
            <a href={settings.social_url} rel="noopener noreferrer" target="_blank" className="hover:underline">
              {t('ফেসবুক পেজ', 'Facebook page')}
            </a>
          )}
        </div>
      </div>
      <div className="bg-brand text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 md:flex-nowrap">
          <Link to="/" className="shrink-0 text-xl font-bold" aria-label={`${settings.shop_name} — ${t('হোম', 'Home')}`}>
            {logo ? <img src={logo.src} alt={logo.alt} width={120} height={40} className="h-10 w-auto rounded" /> : settings.shop_name}
          </Link>
          <nav aria-label={t('অ্যাকাউন্ট', 'Account')} className="order-2 ml-auto flex items-center gap-1 md:order-3">
            {user?.is_admin && (
              <Link to="/admin" className={icon} aria-label={t('অ্যাডমিন', 'Admin')} title={t('অ্যাডমিন', 'Admin')}>
                <AdminIcon />
              </Link>
            )}
            {user ? (
              <button type="button" onClick={() => void signOut()} className={icon} aria-label={t('সাইন আউট', 'Sign out')} title={t('সাইন আউট', 'Sign out')}>
                <LogoutIcon />
              </button>
            ) : (
              <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className={icon} aria-label={t('সাইন ইন', 'Sign in')} title={t('সাইন ইন', 'Sign in')}>
                <UserIcon />
              </Link>
            )}
            <Link to="/wishlist" className={icon} aria-label={`${t('উইশলিস্ট', 'Wishlist')} (${wishlist})`}>
              <HeartIcon />
              <Badge count={wishlist} label="wishlist" />
            </Link>
            <Link to="/cart" className={icon} aria-label={`${t('কার্ট', 'Cart')} (${cart})`}>
              <CartIcon />
              <Badge count={cart} label="cart" />
            </Link>
            <LangSwitch />
          </nav>
          <div className="order-3 w-full md:order-2 md:w-auto md:flex-1">
            <SearchBox />
          </div>
        </div>
      </div>
      <nav aria-label={t('প্রধান মেনু', 'Main menu')} className="border-b border-stone-200 bg-white">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-2 text-sm">
          <li className="relative">
            <details key={location.pathname} className="group">
              <summary className="flex cursor-pointer list-none items-center gap-1 px-2 py-2.5 font-semibold hover:text-brand">
                {t('ক্যাটাগরি', 'Categories')} <ChevronIcon />
              </summary>
              <div className="absolute left-0 top-full z-30 max-h-[70vh] w-[min(92vw,56rem)] overflow-y-auto rounded-b border border-stone-200 bg-white p-3 shadow-lg">
                <ul className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
                  {menu.map((c) => (
                    <li key={c.id}>
                      <Link to={categoryPath(c.name)} className="font-semibold text-brand hover:underline">
                        {c.name}
                      </Link>
                      {c.children && c.children.length > 0 && (
                        <ul className="mt-1 space-y-0.5 border-l border-stone-200 pl-2">
                          {c.children.map((s) => (
                            <li key={s.id}>
                              <Link to={categoryPath(s.name)} className="text-stone-700 hover:text-brand">
                                {s.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </details>
          </li>
          {(
            [
              ['/books', 'বই', 'Books'],
              ['/electronics', 'ইলেক্ট্রনিক্স', 'Electronics'],
              ['/stationary', 'স্টেশনারি', 'Stationery'],
              ['/printing-service', 'প্রিন্টিং সার্ভিস', 'Printing service'],
              ['/custom-order', 'কাস্টম অর্ডার', 'Custom order'],
              ...(user ? [['/order', 'অর্ডার', 'Orders']] : []),
            ] as [string, string, string][]
          ).map(([to, bn, en]) => (
            <li key={to}>
              <NavLink to={to} className={({ isActive }) => `block px-2 py-2.5 hover:text-brand ${isActive ? 'font-semibold text-brand' : ''}`}>
                {t(bn, en)}
              </NavLink>
            </li>
          ))}
          <li className="ml-auto">
            {user ? (
              <button type="button" onClick={() => void signOut()} className="px-2 py-2.5 hover:text-brand">
                {t('সাইন আউট', 'Sign out')}
              </button>
            ) : (
              <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="block px-2 py-2.5 hover:text-brand">
                {t('সাইন ইন', 'Sign in')}
              </Link>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}
