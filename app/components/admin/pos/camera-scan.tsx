/**
 * Scanning with the device's camera (issue 36): shown only where the browser has
 * `BarcodeDetector` and a camera API (Chrome on Android, some tablets); elsewhere the button is
 * not there at all. Reads EAN-13 (a book's ISBN barcode) from the rear camera's video a few times
 * a second and hands the first code found to `onCode`, then stops the camera.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { bi } from '../packing/pack-order';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

function detectorClass(): DetectorClass | null {
  const g = globalThis as { BarcodeDetector?: DetectorClass };
  return typeof g.BarcodeDetector === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function' ? g.BarcodeDetector : null;
}

const noSubscription = () => () => {};

export function CameraScan({ onCode, onDone }: { onCode: (code: string) => void; onDone: () => void }) {
  // Known only in the browser: the server renders no button.
  const supported = useSyncExternalStore(noSubscription, () => detectorClass() !== null, () => false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ['ean_13'] });
        timer = setInterval(async () => {
          if (!video.current || stopped) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue && !stopped) {
            stop();
            setOpen(false);
            onCode(found[0].rawValue);
            onDone();
          }
        }, 250);
      } catch {
        setError(bi('ক্যামেরা চালু করা গেল না।', 'The camera could not be started.'));
      }
    })();
    return stop;
  }, [open, onCode, onDone]);

  if (!supported) return null;
  return (
    <div>
      <button
        type="button"
        className="rounded border border-stone-300 bg-white px-3 py-2 text-sm"
        onClick={() => {
          setError('');
          setOpen((v) => !v);
          if (open) onDone();
        }}
        data-testid="pos-camera"
      >
        {open ? bi('ক্যামেরা বন্ধ', 'Stop camera') : bi('ক্যামেরায় স্ক্যান', 'Scan with camera')}
      </button>
      {open && <video ref={video} className="mt-2 w-full max-w-sm rounded border" muted playsInline aria-label={bi('বারকোড ক্যামেরা', 'Barcode camera')} />}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
