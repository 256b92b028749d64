/** A scroll-to-top button, shown once the page has scrolled more than 300 px. */
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from './icons';

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
      className="to-top no-print"
    >
      <Icon n="up" />
    </button>
  );
}
