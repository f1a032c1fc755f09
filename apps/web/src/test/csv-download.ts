// Catches the files the app downloads (a Blob behind an object URL, clicked through a link) and reads
// them back as a spreadsheet would: the bytes, then the CSV parsed by papaparse.
import Papa from 'papaparse';
import { expect, vi } from 'vitest';

export interface Download {
  fileName: string;
  type: string;
  bytes: Uint8Array;
  /** The file's text after its BOM. */
  text: string;
  /** The parsed lines, header first; every cell as text. */
  lines: string[][];
}

function bytesOf(blob: Blob): Promise<Uint8Array> {
  // jsdom's Blob has no arrayBuffer(); its FileReader gives the stored bytes.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Starts catching downloads; `next()` waits for the next file and checks it is UTF-8 CSV with a BOM. */
export function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const clicked: { fileName: string; blob: Blob }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // jsdom cannot navigate: a link's click records what it would have saved.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) clicked.push({ fileName: this.download, blob });
  });
  let read = 0;
  return {
    count: () => clicked.length,
    async next(): Promise<Download> {
      expect(clicked.length).toBeGreaterThan(read);
      const { fileName, blob } = clicked[read++]!;
      const bytes = await bytesOf(blob);
      expect([...bytes.slice(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); // drops the BOM
      const parsed = Papa.parse<string[]>(text, { newline: '\r\n' });
      expect(parsed.errors).toEqual([]);
      return { fileName, type: blob.type, bytes, text, lines: parsed.data };
    },
  };
}

/** The user's local date as the file names carry it: 2026-11-29. */
export const localDate = () => new Date().toLocaleDateString('en-CA');
