import { afterEach, vi } from 'vitest';

/**
 * What the browser is handed as downloads (name and contents) in the tests of this file: jsdom cannot save files,
 * so the link's click is where the browser would take over.
 */
export function watchDownloads() {
  const offered: { name: string; blob: Blob }[] = [];
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    offered.length = 0;
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return {
    offered,
    /** Starts watching, for this test only. */
    start() {
      const blobs = new Map<string, Blob>();
      URL.createObjectURL = (blob: Blob) => {
        const url = `blob:download-${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      };
      URL.revokeObjectURL = () => undefined;
      const click = vi.spyOn(HTMLElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
        const blob = this instanceof HTMLAnchorElement ? blobs.get(this.href) : undefined;
        if (blob) offered.push({ name: (this as HTMLAnchorElement).download, blob });
      });
      restore = () => click.mockRestore();
    },
  };
}

/** The first bytes of a file, as text: '%PDF-' for a PDF. */
export async function fileStart(blob: Blob | undefined, length = 5): Promise<string> {
  return new TextDecoder().decode((await blob?.arrayBuffer())?.slice(0, length));
}
