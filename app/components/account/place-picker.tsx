/**
 * District and upazila/thana as searchable choices from the Bangladesh data: a
 * text input with a datalist, so the browser filters as one types, in Bengali or English, and a
 * thana missing from the list (a Dhaka city thana, say) can still be typed in.
 */
import { useMemo, useState } from 'react';
import { DISTRICTS, type District } from '../../../domain/bd-geo';
import { useLang, useT } from '../../lib/i18n';
import type { FieldErrors } from '../form/api';
import { Field } from '../form/field';

function findDistrict(text: string): District | undefined {
  const v = text.trim().toLowerCase();
  if (!v) return undefined;
  return DISTRICTS.find(([en, bn]) => en.toLowerCase() === v || bn === text.trim());
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
  const match = findDistrict(district);
  const upazilas = useMemo(() => (match ? match[2] : DISTRICTS.flatMap((d) => d[2])), [match]);
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <PlaceField
        name="district"
        label={t('জেলা', 'District')}
        placeholder={t('জেলা খুঁজুন', 'Search districts')}
        level={1}
        listId="bd-districts"
        places={DISTRICTS}
        value={district}
        onChange={(e) => setDistrict(e.currentTarget.value)}
        errors={errors}
      />
      <PlaceField name="upazila_thana" label={t('উপজেলা/থানা', 'Upazila/Thana')} placeholder={t('উপজেলা/থানা খুঁজুন বা লিখুন', 'Search or type your upazila/thana')} level={2} listId="bd-upazilas" places={upazilas} errors={errors} defaultValue={initial?.upazila_thana} />
    </div>
  );
}
