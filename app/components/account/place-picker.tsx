/**
 * District and upazila/thana as searchable choices from the Bangladesh data (decisions §6): a
 * text input with a datalist, so the browser filters as one types, in Bengali or English, and a
 * thana missing from the list (a Dhaka city thana, say) can still be typed in.
 */
import { useMemo, useState } from 'react';
import { DISTRICTS, type District } from '../../data/bd-geo';
import { useLang, useT } from '../../lib/i18n';
import { Field } from './field';

function findDistrict(text: string): District | undefined {
  const v = text.trim().toLowerCase();
  if (!v) return undefined;
  return DISTRICTS.find(([en, bn]) => en.toLowerCase() === v || bn === text.trim());
}

export function PlacePicker({ errors }: { errors: Record<string, string> }) {
  const t = useT();
  const lang = useLang();
  const [district, setDistrict] = useState('');
  const match = findDistrict(district);
  const upazilas = useMemo(() => (match ? match[2] : DISTRICTS.flatMap((d) => d[2])), [match]);
  const pick = (en: string, bn: string) => (lang === 'en' ? [en, bn] : [bn, en]);

  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field
        name="district"
        label={t('জেলা', 'District')}
        list="bd-districts"
        autoComplete="address-level1"
        required
        maxLength={100}
        value={district}
        onChange={(e) => setDistrict(e.currentTarget.value)}
        placeholder={t('জেলা খুঁজুন', 'Search districts')}
        error={errors.district}
      />
      <datalist id="bd-districts">
        {DISTRICTS.map(([en, bn]) => {
          const [value, label] = pick(en, bn);
          return <option key={en} value={value} label={label} />;
        })}
      </datalist>
      <Field
        name="upazila_thana"
        label={t('উপজেলা/থানা', 'Upazila/Thana')}
        list="bd-upazilas"
        autoComplete="address-level2"
        required
        maxLength={100}
        placeholder={t('উপজেলা/থানা খুঁজুন বা লিখুন', 'Search or type your upazila/thana')}
        error={errors.upazila_thana}
      />
      <datalist id="bd-upazilas">
        {upazilas.map(([en, bn], i) => {
          const [value, label] = pick(en, bn);
          return <option key={`${en}-${i}`} value={value} label={label} />;
        })}
      </datalist>
    </div>
  );
}
