/** The part of fontkit 2 (no types of its own) that gst/pdf.ts uses: whether a font draws a character. */
declare module 'fontkit' {
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}
