/**
 * The parts of pdfkit (MIT; ships no types, and @types/pdfkit is not installed) that the monthly report's PDF uses
 * (modules/report/pdf.ts), shaped as pdfkit's own documentation names them.
 */
declare module 'pdfkit' {
  import { EventEmitter } from 'node:events';

  interface Margins {
    top: number;
    bottom: number;
    left: number;
    right: number;
  }

  interface DocumentOptions {
    size?: string | [number, number];
    margins?: Margins;
    /** Keeps every page until the end, so that page numbers can be written once the count is known. */
    bufferPages?: boolean;
    autoFirstPage?: boolean;
    info?: { Title?: string; Author?: string; Subject?: string; Creator?: string; Producer?: string };
    lang?: string;
    displayTitle?: boolean;
  }

  interface TextOptions {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    continued?: boolean;
    ellipsis?: boolean | string;
    lineGap?: number;
  }

  interface Page {
    width: number;
    height: number;
    margins: Margins;
  }

  class PDFDocument extends EventEmitter {
    constructor(options?: DocumentOptions);
    x: number;
    y: number;
    page: Page;
    registerFont(name: string, src: Buffer | string): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    widthOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    addPage(options?: DocumentOptions): this;
    rect(x: number, y: number, w: number, h: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    save(): this;
    restore(): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    end(): void;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  export default PDFDocument;
}
