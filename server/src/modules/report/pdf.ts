import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadPdf } from '../../platform/heavy.ts';
import { type Column, type ReportContent, type Table, valueText } from './content.ts';

/**
 * The report as a PDF (pdfkit), in Noto Sans SC, which the npm package @expo-google-fonts/noto-sans-sc ships as
 * TrueType (OFL-1.1): a dependency of the server, so a fresh `npm start` writes readable Chinese without any system
 * font. pdfkit embeds only the glyphs used (a subset), so a report is tens of kilobytes.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** The fonts' bytes, read from the package when a report is made (10 MB each, not worth keeping between months). */
async function fonts(): Promise<Record<keyof typeof FONT_FILES, Buffer>> {
  const [regular, bold] = await Promise.all([
    fs.readFile(require.resolve(FONT_FILES.regular)),
    fs.readFile(require.resolve(FONT_FILES.bold)),
  ]);
  return { regular, bold };
}

const MARGIN = { top: 56, bottom: 56, left: 50, right: 50 };
const COLORS = { text: '#1f2329', muted: '#646a73', rule: '#c9d3e0', head: '#e8eef7', stripe: '#f6f8fb' };
const CELL_PAD = 4;
const BODY = 9.5;

export async function reportPdf(content: ReportContent): Promise<Buffer> {
  const [font, PDFDocument] = await Promise.all([fonts(), loadPdf()]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: content.title, Author: 'Park Console', Creator: 'Park Console' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', font.regular);
  doc.registerFont('bold', font.bold);

  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  /** Starts a new page when `height` more would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('bold').fontSize(18).fillColor(COLORS.text).text(content.title, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9).fillColor(COLORS.muted);
  for (const line of content.subtitle) doc.text(line, { align: 'center' });
  doc.moveDown(0.8);

  /** One table: a header row, then its rows, the header drawn again on each new page. */
  const table = (columns: Column[], rows: (string | number | null)[][], widths: number[]) => {
    const cellText = (value: string | number | null, column: Column) =>
      typeof value === 'string' || value === null ? (value ?? '--') : valueText(value, column.unit);
    const heightOf = (texts: string[], face: 'regular' | 'bold') => {
      doc.font(face).fontSize(BODY);
      return (
        Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i] - CELL_PAD * 2 }))) + CELL_PAD * 2
      );
    };
    const draw = (texts: string[], face: 'regular' | 'bold', fill?: string) => {
      const height = heightOf(texts, face);
      room(height);
      const top = doc.y;
      if (fill) doc.rect(left, top, width, height).fill(fill);
      doc.font(face).fontSize(BODY).fillColor(COLORS.text);
      let x = left;
      texts.forEach((t, i) => {
        doc.text(t, x + CELL_PAD, top + CELL_PAD, {
          width: widths[i] - CELL_PAD * 2,
          align: columns[i].unit ? 'right' : 'left',
        });
        x += widths[i];
      });
      doc
        .moveTo(left, top + height)
        .lineTo(left + width, top + height)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      doc.x = left;
      doc.y = top + height;
    };
    const header = columns.map((c) => c.header);
    const texts = rows.map((values) => values.map((v, i) => cellText(v, columns[i])));
    // The header and the first row stay together.
    room(heightOf(header, 'bold') + (texts.length ? heightOf(texts[0], 'regular') : 0));
    draw(header, 'bold', COLORS.head);
    texts.forEach((row, r) => {
      if (doc.y + heightOf(row, 'regular') > bottom()) {
        doc.addPage();
        draw(header, 'bold', COLORS.head);
      }
      draw(row, 'regular', r % 2 ? COLORS.stripe : undefined);
    });
  };

  /** Column widths: the first (a name) twice as wide as each of the others. */
  const widthsOf = (count: number) => {
    const unit = width / (count + 1);
    return Array.from({ length: count }, (_, i) => (i === 0 ? unit * 2 : unit));
  };

  const subTable = (t: Table) => {
    room(60);
    doc.moveDown(0.6);
    doc.font('bold').fontSize(10.5).fillColor(COLORS.text).text(t.title, left, doc.y);
    doc.moveDown(0.3);
    if (!t.rows.length) {
      doc.font('regular').fontSize(BODY).fillColor(COLORS.muted).text(t.empty, left, doc.y);
      return;
    }
    if (!t.fold || t.fold < 2) {
      table(t.columns, t.rows, widthsOf(t.columns.length));
      return;
    }
    // A long narrow table (the days of a month) side by side in `fold` groups, read down each group.
    const fold = t.fold;
    const height = Math.ceil(t.rows.length / fold);
    const columns = Array.from({ length: fold }, () => t.columns).flat();
    const rows = Array.from({ length: height }, (_, r) =>
      Array.from({ length: fold }, (_, g) => t.rows[g * height + r] ?? t.columns.map(() => '')).flat(),
    );
    table(
      columns,
      rows,
      Array.from({ length: columns.length }, () => width / columns.length),
    );
  };

  for (const section of content.sections) {
    room(120);
    doc.moveDown(0.8);
    doc.font('bold').fontSize(13).fillColor(COLORS.text).text(section.title, left, doc.y);
    doc.moveDown(0.3);
    table(
      [{ header: '指标' }, { header: '数值', unit: 'count' }, { header: '口径' }],
      section.metrics.map((m) => [m.label, valueText(m.value, m.unit), m.note ?? '']),
      [width * 0.3, width * 0.22, width * 0.48],
    );
    for (const t of section.tables) subTable(t);
  }

  // Page numbers, once the count is known; the footer sits in the bottom margin, which pdfkit would otherwise
  // take as the end of the page and open another.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`${content.title}　第 ${i + 1} 页，共 ${count} 页`, left, doc.page.height - MARGIN.bottom + 20, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = MARGIN.bottom;
  }
  doc.end();
  return done;
}
