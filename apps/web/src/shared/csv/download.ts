// Hands a CSV text to the browser as a file download: a Blob behind an object URL, no server round trip.
import type { Region } from '@goldroute/domain';

/** "goldroute-flipping-us-2026-11-29.csv": the tool, the region and the user's local date. */
export function csvFileName(tool: string, region: Region, now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `goldroute-${tool}-${region}-${date}.csv`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
