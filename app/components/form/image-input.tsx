/** An image input that previews the chosen file and refuses a non-image or one over 2 MB before uploading. */
import { useEffect, useState } from 'react';
import type { FieldErrors } from './api';
import { FieldError } from './field';
import { checkImageFile } from './values';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export function ImageInput({ label, name, errors, required, currentUrl }: { label: string; name: string; errors: FieldErrors; required?: boolean; currentUrl?: string | null | undefined }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="block text-sm">
      <label>
        <span className="font-medium">
          {label}
          {required && <span className="text-red-700"> *</span>}
        </span>
        <input
          name={name}
          type="file"
          accept={ACCEPT}
          aria-invalid={problem || errors[name] ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-2 file:rounded file:border-0 file:bg-stone-200 file:px-2 file:py-1"
          onChange={(e) => {
            const file = e.target.files?.[0];
            const bad = file ? checkImageFile(file) : null;
            if (bad) e.target.value = '';
            setProblem(bad);
            setPreview(file && !bad ? URL.createObjectURL(file) : null);
          }}
        />
      </label>
      <span className="text-xs text-stone-500">JPEG, PNG, WebP or GIF, up to 2 MB.</span>
      <FieldError errors={problem ? { [name]: [problem] } : errors} name={name} />
      {shown && <img src={shown} alt="" data-testid={`preview-${name}`} className="mt-2 h-20 w-20 rounded border object-cover" />}
    </div>
  );
}
