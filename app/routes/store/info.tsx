/** Printing service and custom order: how to reach the shop for them (from the settings). */
import { useMatches, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';
import { useT } from '../../lib/i18n';

export function meta({ location }: { location: { pathname: string } }) {
  return [{ title: location.pathname === '/custom-order' ? 'কাস্টম অর্ডার' : 'প্রিন্টিং সার্ভিস' }];
}

export default function Info() {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const printing = useMatches().some((m) => m.id === 'printing-service');
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{printing ? t('প্রিন্টিং সার্ভিস', 'Printing service') : t('কাস্টম অর্ডার', 'Custom order')}</h1>
      <p className="mt-4">
        {printing
          ? t('বই, নোট, প্রশ্নপত্র বা যেকোনো ডকুমেন্ট প্রিন্ট ও বাঁধাই করতে আমাদের সাথে যোগাযোগ করুন।', 'To print and bind books, notes, question papers or any document, contact us.')
          : t('আমাদের সাইটে নেই এমন বই বা প্রোডাক্ট চাইলে আমাদের জানান — আমরা এনে দেব।', 'Want a book or product we do not list? Tell us and we will get it for you.')}
      </p>
      {root && (
        <ul className="mt-4 space-y-1">
          {root.settings.phones.map((p) => (
            <li key={p}>
              ☎ <a href={`tel:${p}`} className="text-brand underline">{p}</a>
            </li>
          ))}
          {root.settings.email && (
            <li>
              ✉ <a href={`mailto:${root.settings.email}`} className="text-brand underline">{root.settings.email}</a>
            </li>
          )}
        </ul>
      )}
    </main>
  );
}
