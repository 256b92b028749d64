/** Spec §2: a scroll-to-top button once the page has scrolled more than 300 px. */
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { ChevronIcon } from './icons';

export function ScrollTopButton() {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > 300);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      data-testid="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('উপরে যান', 'Back to top')}
      className="no-print fixed bottom-5 right-5 z-40 rounded-full bg-brand p-3 text-white shadow-lg hover:bg-brand-dark"
    >
      <ChevronIcon dir="up" />
    </button>
  );
}
