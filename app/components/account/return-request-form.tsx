/**
 * The customer's return request form (see return-request.tsx): the lines and how many of each,
 * a reason, and up to 3 photos, made smaller in the browser first. Loaded when the customer
 * opens it, with zod for the server's own schema (domain/returns), not with the orders page
 * (issue 32: each storefront page ≤ 110 KiB of scripts).
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { returnRequestSchema } from '../../../domain/returns';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import type { FieldErrors } from '../form/api';
import { FieldError } from '../form/field';
import { FormAlert } from '../form/messages';
import { useApiForm } from '../form/use-api-form';
import { checkImageFile, checkWith, formText } from '../form/values';

export const MAX_RETURN_PHOTOS = 3;

/** An order line, as the orders page has it. */
export interface Item {
  id: number;
  product_title: string;
  quantity: number;
}

export interface RequestFormProps {
  orderId: number;
  items: readonly Item[];
  /** Units of each line still open to a return (`returnable`). */
  left: Map<number, number>;
  onClose: () => void;
}

/** A picture made at most `edge` px on its longer side, as JPEG; the file itself when the browser cannot read it or it is small already. */
async function smaller(file: File, edge = 1600): Promise<Blob> {
  if (file.size <= 400 * 1024 || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** The lines ticked (checkboxes named `lines`, so ticking one clears the lines' error), with their quantities (`qty_<item>`). */
function linesOf(form: HTMLFormElement, items: readonly Item[]) {
  const ticked = new FormData(form).getAll('lines').map(String);
  return items.filter((i) => ticked.includes(String(i.id))).map((i) => ({ order_item: i.id, quantity: Number(formText(form, `qty_${i.id}`) || '1') }));
}

export function RequestForm({ orderId, items, left, onClose }: RequestFormProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const lang = useLang();
  const n = (v: number) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const open = items.filter((i) => (left.get(i.id) ?? 0) > 0);
  const form = useApiForm<FormData>({
    method: 'POST',
    url: `/api/order/${orderId}/return-request/`,
    payload: (f) => {
      const fd = new FormData();
      fd.set('lines', JSON.stringify(linesOf(f, open)));
      fd.set('reason', formText(f, 'reason'));
      for (const p of photos) fd.append('photos', p, p.name);
      return fd;
    },
    validate: (_fd, f) => checkWith(returnRequestSchema, { lines: linesOf(f, open), reason: formText(f, 'reason') }),
    success: (res) => res.message || t('ফেরতের অনুরোধ পাঠানো হয়েছে। দোকান সিদ্ধান্ত জানালে এসএমএস পাবেন।', 'Your return request was sent. You will get an SMS when the shop decides.'),
    then: async () => {
      await revalidator.revalidate();
      onClose();
    },
  });
  const choose = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (photos.length + chosen.length > MAX_RETURN_PHOTOS) {
      setPhotoError(t(`সর্বোচ্চ ${n(MAX_RETURN_PHOTOS)}টি ছবি দেওয়া যায়।`, `Up to ${MAX_RETURN_PHOTOS} photos.`));
      return;
    }
    const ready: File[] = [];
    for (const file of chosen) {
      const blob = await smaller(file);
      const shrunk = blob === file ? file : new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
      const bad = checkImageFile(shrunk);
      if (bad) {
        setPhotoError(t('ছবিটি নেওয়া গেল না: JPEG, PNG, WebP বা GIF, ২ MB পর্যন্ত।', bad));
        return;
      }
      ready.push(shrunk);
    }
    setPhotoError(null);
    setPhotos((p) => [...p, ...ready]);
  };
  const errors: FieldErrors = form.errors;
  return (
    <form {...form.props} className="mt-3 grid gap-3 rounded border border-stone-200 p-3 text-sm" data-testid="return-form">
      <FormAlert text={form.alert} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{t('কোন পণ্য ফেরত দেবেন?', 'What are you returning?')}</legend>
        {open.map((i) => (
          <div key={i.id} className="flex flex-wrap items-center gap-2" data-testid="return-line" data-order-item={i.id}>
            <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2">
              <input type="checkbox" name="lines" value={i.id} className="h-5 w-5 shrink-0" />
              <span className="min-w-0 break-words">{i.product_title}</span>
            </label>
            <label className="flex items-center gap-1">
              <span className="text-xs">{t('পরিমাণ', 'Qty')}</span>
              <select name={`qty_${i.id}`} className="min-h-11 rounded border border-stone-300 px-2" defaultValue={String(left.get(i.id))}>
                {Array.from({ length: left.get(i.id) ?? 0 }, (_, k) => k + 1).map((q) => (
                  <option key={q} value={q}>
                    {n(q)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ))}
        <FieldError errors={errors} name="lines" />
      </fieldset>
      <label className="grid gap-1">
        <span className="font-semibold">{t('ফেরতের কারণ', 'Reason')}</span>
        <textarea name="reason" rows={3} maxLength={1000} className="w-full rounded border border-stone-300 px-3 py-2 text-base" aria-invalid={errors.reason ? true : undefined} />
        <FieldError errors={errors} name="reason" />
      </label>
      <div className="grid gap-1">
        <label className="grid gap-1">
          <span className="font-semibold">{t(`ছবি (সর্বোচ্চ ${n(MAX_RETURN_PHOTOS)}টি, ঐচ্ছিক)`, `Photos (up to ${MAX_RETURN_PHOTOS}, optional)`)}</span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={photos.length >= MAX_RETURN_PHOTOS}
            className="w-full text-sm file:mr-2 file:min-h-11 file:rounded file:border-0 file:bg-stone-200 file:px-3"
            data-testid="return-photos-input"
            onChange={(e) => {
              void choose(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
        {photoError && (
          <p className="text-sm text-red-700" role="alert">
            {photoError}
          </p>
        )}
        <FieldError errors={errors} name="photos" />
        {photos.length > 0 && (
          <ul className="flex flex-wrap gap-2" data-testid="return-photo-list">
            {photos.map((p, i) => (
              <li key={i} className="flex items-center gap-1 rounded bg-stone-100 px-2 py-1 text-xs">
                <span className="max-w-40 truncate">{p.name}</span>
                <button type="button" className="min-h-8 px-1 text-red-700" aria-label={t('ছবিটি বাদ দিন', 'Remove this photo')} onClick={() => setPhotos((all) => all.filter((_, k) => k !== i))}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={form.busy} className="min-h-11 rounded bg-brand px-4 font-semibold text-white disabled:opacity-50" data-testid="return-submit">
          {form.busy ? t('পাঠানো হচ্ছে…', 'Sending…') : t('অনুরোধ পাঠান', 'Send request')}
        </button>
        <button type="button" className="min-h-11 rounded border border-stone-300 px-4" onClick={onClose}>
          {t('বাতিল', 'Cancel')}
        </button>
      </div>
    </form>
  );
}
