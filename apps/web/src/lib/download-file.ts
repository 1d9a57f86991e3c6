/** How long a saved file's object URL is kept: the browser has started the save by then. */
const OBJECT_URL_KEPT_MS = 60_000;

/**
 * Fetches a file from the gateway and saves it as `fileName`. A file the backend keeps on its own
 * host comes as a redirect, which the browser opens in a new tab instead. Throws when the gateway
 * does not give the file (its status in the message, for the log).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin', redirect: 'manual' });
  if (res.type === 'opaqueredirect') {
    window.open(url, '_blank', 'noopener');
    return;
  }
  if (!res.ok) throw new Error(`download of ${url} failed: HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_KEPT_MS);
}
