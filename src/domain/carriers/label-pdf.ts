// A label as a one-page PDF of the label's own size, drawn with pdfkit from the same layout as the
// SVG: symbols as filled vector rectangles, text in the PDF standard fonts (Helvetica-Bold, Courier),
// which need no embedding. Those fonts cover Windows-1252 only; other characters of a title print as
// "?" in the PDF (the SVG keeps them). HRI text and links are ASCII and always print as they are.
import PDFDocument from 'pdfkit';
import { type LabelLayout, moduleRuns } from './label-layout.ts';

const POINTS_PER_MM = 72 / 25.4;
const FONTS = { 'sans-bold': 'Helvetica-Bold', mono: 'Courier' } as const;
// Characters of Windows-1252 beyond Latin-1, which the standard fonts also carry.
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

const printable = (text: string) =>
  Array.from(text, (char) => {
    const code = char.codePointAt(0) as number;
    return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.includes(char)
      ? char
      : '?';
  }).join('');

/** The label's PDF as a stream; pdfkit writes it as the consumer reads. */
export function labelPdf(layout: LabelLayout, createdAt: Date): PDFKit.PDFDocument {
  const document = new PDFDocument({
    size: [layout.width * POINTS_PER_MM, layout.height * POINTS_PER_MM],
    margin: 0,
    autoFirstPage: true,
    info: { Title: printable(layout.title), Producer: 'OpenDPP', CreationDate: createdAt },
  });
  document.scale(POINTS_PER_MM);
  for (const symbol of layout.symbols) {
    for (const run of moduleRuns(symbol)) document.rect(run.x, run.y, run.width, run.height);
  }
  document.fill('#000000');
  for (const line of layout.lines) {
    document
      .font(FONTS[line.font])
      .fontSize(line.size)
      .text(printable(line.text), line.x, line.y, { lineBreak: false, baseline: 'alphabetic' });
  }
  document.end();
  return document;
}
