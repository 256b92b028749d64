/**
 * District and upazila/thana as searchable choices from the Bangladesh data: a
 * text input with a datalist, so the browser filters as one types, in Bengali or English, and a
 * thana missing from the list (a Dhaka city thana, say) can still be typed in. The list (~5 KiB
 * compressed) is fetched when either field is first focused (or the form that holds them is,
 * through preloadPlaces), not with the page (issue 32).
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { District } from '../../../domain/bd-geo';
import { useLang, useT } from '../../lib/i18n';
import type { FieldErrors } from '../form/api';
import { Field } from '../form/field';

function findDistrict(districts: readonly District[], text: string): District | undefined {
  const v = text.trim().toLowerCase();
  if (!v) return undefined;
  return districts.find(([en, bn]) => en.toLowerCase() === v || bn === text.trim());
}

const NONE: readonly District[] = [];
let places: Promise<void> | null = null;
let loaded: readonly District[] = NONE;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Starts fetching the district list (a form calls it when first touched, so the list is there by
 * the time the shopper reaches the fields; a picker's first focus does too). Offline or a stale
 * page: the fields stay plain text inputs, which the server checks anyway; a later call tries again.
 */
export function preloadPlaces(): void {
  places ??= import('../../../domain/bd-geo').then(
    (m) => {
      loaded = m.DISTRICTS;
      for (const listener of listeners) listener();
    },
    () => {
      places = null;
    },
  );
}

type Place = readonly [en: string, bn: string, ...rest: unknown[]];

/** A text input offering `places` as it is typed, by the name in the page's language. */
function PlaceField({ name, label, placeholder, level, listId, places, errors, ...input }: { name: string; label: string; placeholder: string; level: 1 | 2; listId: string; places: readonly Place[]; errors: FieldErrors; defaultValue?: string | undefined } & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const lang = useLang();
  return (
    <>
      <Field name={name} label={label} list={listId} autoComplete={`address-level${level}`} required maxLength={100} placeholder={placeholder} errors={errors} {...input} />
      <datalist id={listId}>
        {places.map(([en, bn], i) => (
          <option key={`${en}-${i}`} value={lang === 'en' ? en : bn} label={lang === 'en' ? bn : en} />
        ))}
      </datalist>
    </>
  );
}

/** `initial`: the place an existing order already names (the back office's order edit). */
export function PlacePicker({ errors, initial }: { errors: FieldErrors; initial?: { district: string; upazila_thana: string } }) {
  const t = useT();
  const [district, setDistrict] = useState(initial?.district ?? '');
  const districts = useSyncExternalStore(subscribe, () => loaded, () => NONE);
  const match = findDistrict(districts, district);
  const upazilas = useMemo(() => (match ? match[2] : districts.flatMap((d) => d[2])), [match, districts]);
  return (
    <div className="grid gap-x-4 sm:grid-cols-2" onFocus={preloadPlaces}>
      <PlaceField
        name="district"
        label={t('জেলা', 'District')}
        placeholder={t('জেলা খুঁজুন', 'Search districts')}
        level={1}
        listId="bd-districts"
        places={districts}
        value={district}
        onChange={(e) => setDistrict(e.currentTarget.value)}
        errors={errors}
      />
      <PlaceField name="upazila_thana" label={t('উপজেলা/থানা', 'Upazila/Thana')} placeholder={t('উপজেলা/থানা খুঁজুন বা লিখুন', 'Search or type your upazila/thana')} level={2} listId="bd-upazilas" places={upazilas} errors={errors} defaultValue={initial?.upazila_thana} />
    </div>
  );
}
