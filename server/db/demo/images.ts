/** Demo pictures drawn locally: an SVG with the title, rendered by sharp. No network. */
const PALETTE = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#15803d', '#a21caf', '#c2410c', '#0369a1', '#4d7c0f', '#9f1239', '#334155'];

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 5);
}

export function colorFor(index: number): string {
  return PALETTE[index % PALETTE.length] as string;
}

/** A 3:4 book or product cover with the (English) title and a byline. */
export function coverSvg(title: string, byline: string, color: string): string {
  const lines = wrap(title, 14)
    .map((l, i) => `<text x="50%" y="${300 + i * 64}" font-size="52" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960" viewBox="0 0 720 960">
<rect width="720" height="960" fill="${color}"/><rect x="40" y="40" width="640" height="880" fill="none" stroke="#ffffff66" stroke-width="6"/>
<g font-family="Noto Sans, DejaVu Sans, sans-serif">${lines}
<text x="50%" y="820" font-size="36" text-anchor="middle" fill="#ffffffcc">${escapeXml(byline)}</text></g></svg>`;
}

export function bannerSvg(title: string, subtitle: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="480" viewBox="0 0 1440 480">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
<rect width="1440" height="480" fill="url(#g)"/><g font-family="Noto Sans Bengali, Noto Sans, DejaVu Sans, sans-serif" fill="#fff">
<text x="96" y="230" font-size="76" font-weight="700">${escapeXml(title)}</text>
<text x="96" y="320" font-size="40" fill="#ffffffcc">${escapeXml(subtitle)}</text></g></svg>`;
}

export function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="240" viewBox="0 0 720 240">
<rect width="720" height="240" rx="32" fill="#0f766e"/><text x="50%" y="160" font-size="120" font-weight="700" text-anchor="middle" fill="#fff" font-family="Noto Sans Bengali, Noto Sans, DejaVu Sans, sans-serif">${escapeXml(name)}</text></svg>`;
}

/** A small but real one-page PDF, for the "read a little" sample. */
export function samplePdf(title: string): Buffer {
  const text = `Sample pages: ${title}`.replace(/[()\\]/g, '').replace(/[^\x20-\x7e]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
