/**
 * The header every shop page shares: top strip, search bar with logo and icons, navigation bar.
 * On a phone (below `md`) it is two compact rows, logo and icons, then the menu button and the
 * search box, about 100 px; the navigation bar opens under them from the menu button (a label
 * for a hidden checkbox without JavaScript, a button once hydrated: toggle.tsx).
 */
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { ShopSettings } from '../../domain/settings';
import { countItems, useCart, useWishlist } from '../lib/cart';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { categoryPath } from '../../domain/store-paths';
import { Icon } from './icons';
import { HeaderSearch } from './header-search';
import { ServerOnly } from './server-only';
import { ToggleBox, ToggleButton, setOpen } from './toggle';

const MENU_TOGGLE = 'main-menu-toggle';

export interface MenuCategory {
  id: number;
  name: string;
  children?: MenuCategory[];
}

type Contact = Pick<ShopSettings, 'shop_name' | 'phones' | 'email' | 'social_url'>;

function Badge({ count, label }: { count: number; label: string }) {
  const lang = useLang();
  if (!count) return null;
  return (
    <span data-testid={`${label}-badge`} className="count-badge">
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

/** A plain link, rendered on the server only: the server sets the cookie and sends the shopper back (Referer). */
function LangSwitch({ lang }: { lang: 'bn' | 'en' }) {
  const to = lang === 'bn' ? 'en' : 'bn';
  return (
    <a href={`/set-lang/${to}`} data-reload="" data-testid="lang-switch" lang={to} className="lang-btn">
      {to === 'en' ? 'English' : 'বাংলা'}
    </a>
  );
}

function ContactStrip({ settings }: { settings: Contact }) {
  const t = useT();
  return (
    <div className="hidden bg-stone-800 text-xs text-stone-100 sm:block">
      <div className="wrap flex flex-wrap items-center gap-x-4 gap-y-1 py-1.5">
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
        <Link to="/track" className="ml-auto hover:underline">
          {t('আমার অর্ডার ট্র্যাক করুন', 'Track my order')}
        </Link>
        {settings.social_url && (
          <a href={settings.social_url} rel="noopener noreferrer" target="_blank" className="hover:underline">
            {t('ফেসবুক পেজ', 'Facebook page')}
          </a>
        )}
      </div>
    </div>
  );
}

/** The categories dropdown and the section links: the same for every visitor, rendered on the server only. */
function MainMenu({ menu }: { menu: MenuCategory[] }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap items-center gap-x-1">
      <li className="relative">
        <details>
          <summary className="flex cursor-pointer list-none items-center gap-1 px-2 py-2.5 font-semibold hover:text-brand max-md:py-3">
            {t('ক্যাটাগরি', 'Categories')} <Icon n="down" sm />
          </summary>
          <div className="menu-panel max-h-[70vh] w-[min(92vw,56rem)] overflow-y-auto p-3">
            <ul className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
              {menu.map((c) => (
                <li key={c.id}>
                  <a href={categoryPath(c.name)} className="font-semibold text-brand hover:underline">
                    {c.name}
                  </a>
                  {c.children && c.children.length > 0 && (
                    <ul className="mt-1 space-y-0.5 border-l border-stone-200 pl-2">
                      {c.children.map((s) => (
                        <li key={s.id}>
                          <a href={categoryPath(s.name)} className="text-stone-700 hover:text-brand">
                            {s.name}
                          </a>
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
        ] as const
      ).map(([to, bn, en]) => (
        <li key={to}>
          <a href={to} className="navl">
            {t(bn, en)}
          </a>
        </li>
      ))}
      {/* The contact strip (with this link) is hidden on phones. */}
      <li className="sm:hidden">
        <a href="/track" className="navl">
          {t('অর্ডার ট্র্যাক করুন', 'Track my order')}
        </a>
      </li>
    </ul>
  );
}

export function Header({
  settings,
  user,
  logo,
  menu,
  lang,
}: {
  lang: 'bn' | 'en';
  settings: Contact;
  user: { name: string; is_admin: boolean } | null;
  logo: { src: string; srcSet?: string; alt: string } | null;
  menu: MenuCategory[];
}) {
  const t = useT();
  const location = useLocation();
  const cart = countItems(useCart());
  const wishlist = countItems(useWishlist());
  useEffect(() => setOpen(MENU_TOGGLE, false), [location.key]);
  return (
    <header className="no-print">
      <ServerOnly>{import.meta.env.SSR && <ContactStrip settings={settings} />}</ServerOnly>
      <div className="bg-brand text-white">
        <div className="wrap flex flex-wrap items-center gap-x-2 gap-y-1.5 py-1.5 md:flex-nowrap md:gap-x-4 md:py-2.5">
          <Link to="/" className="min-w-0 shrink text-lg font-bold md:shrink-0 md:text-xl" aria-label={`${settings.shop_name} — ${t('হোম', 'Home')}`}>
            {logo ? <img src={logo.src} srcSet={logo.srcSet} sizes="120px" alt={logo.alt} width={120} height={40} className="h-9 w-auto max-w-full rounded object-contain object-left md:h-10" /> : settings.shop_name}
          </Link>
          <nav aria-label={t('অ্যাকাউন্ট', 'Account')} className="order-2 ml-auto flex shrink-0 items-center md:order-3 md:gap-1">
            {user?.is_admin && (
              <Link to="/admin" className="ibtn" aria-label={t('অ্যাডমিন', 'Admin')}>
                <Icon n="admin" />
              </Link>
            )}
            {user ? (
              <button type="button" onClick={() => void signOut()} className="ibtn" aria-label={t('সাইন আউট', 'Sign out')}>
                <Icon n="logout" />
              </button>
            ) : (
              <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="ibtn" aria-label={t('সাইন ইন', 'Sign in')}>
                <Icon n="user" />
              </Link>
            )}
            <Link to="/wishlist" className="ibtn" aria-label={`${t('উইশলিস্ট', 'Wishlist')} (${wishlist})`}>
              <Icon n="heart" />
              <Badge count={wishlist} label="wishlist" />
            </Link>
            <Link to="/cart" className="ibtn" aria-label={`${t('কার্ট', 'Cart')} (${cart})`}>
              <Icon n="cart" />
              <Badge count={cart} label="cart" />
            </Link>
            <ServerOnly className="contents">{import.meta.env.SSR && <LangSwitch lang={lang} />}</ServerOnly>
          </nav>
          <div className="order-3 flex w-full items-center gap-2 md:order-2 md:w-auto md:flex-1">
            <ToggleButton id={MENU_TOGGLE} controls="main-menu" testId="menu-button" className="menu-btn md:hidden">
              <span className="i i-menu" aria-hidden="true" />
              <span className="sr-only">{t('মেনু', 'Menu')}</span>
            </ToggleButton>
            <div className="min-w-0 flex-1">
              <HeaderSearch />
            </div>
          </div>
        </div>
      </div>
      <ToggleBox id={MENU_TOGGLE} className="md:hidden" label={t('প্রধান মেনু', 'Main menu')} />
      <nav id="main-menu" aria-label={t('প্রধান মেনু', 'Main menu')} data-testid="main-menu" className="hidden border-b border-stone-200 bg-white peer-checked:block md:block">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-2 text-sm">
          <ServerOnly className="contents">{import.meta.env.SSR && <MainMenu menu={menu} />}</ServerOnly>
          {user && (
            <NavLink to="/order" className="navl navc">
              {t('অর্ডার', 'Orders')}
            </NavLink>
          )}
          {user ? (
            <button type="button" onClick={() => void signOut()} className="navl ml-auto hidden sm:block">
              {t('সাইন আউট', 'Sign out')}
            </button>
          ) : (
            <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="navl ml-auto hidden sm:block">
              {t('সাইন ইন', 'Sign in')}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
