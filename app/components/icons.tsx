/** Icons are CSS masks (app.css `.i-*`), so no SVG markup ships in the scripts. Decorative: the control carries the label. */
export type IconName = 'heart' | 'cart' | 'user' | 'logout' | 'admin' | 'search' | 'down' | 'left' | 'right' | 'up';

export function Icon({ n, sm = false }: { n: IconName; sm?: boolean }) {
  return <span aria-hidden="true" className={`i i-${n}${sm ? ' i-sm' : ''}`} />;
}
