/** The one call the packing desk makes of fontkit (pdfkit's own font engine, which ships no types). */
declare module 'fontkit' {
  /** A font read from its bytes: pdfkit's registerFont takes it as it is. */
  export function create(buffer: Uint8Array): { layout(text: string): unknown };
}
