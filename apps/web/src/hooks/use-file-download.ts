import { type MouseEvent, useCallback } from 'react';
import { useToast } from '../components/toast/toast.js';
import { downloadFile } from '../lib/download-file.js';

/**
 * A click handler for a file link (a shipping label): the file is fetched and saved under its name,
 * and a failure says "Download failed" instead of leaving the user on an error page. A modified
 * click (new tab, new window) keeps the browser's own behaviour.
 */
export function useFileDownload() {
  const toast = useToast();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>, fileName: string) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const url = event.currentTarget.href;
      downloadFile(url, fileName).catch((error: unknown) => {
        if (import.meta.env.DEV) console.error('Download failed', error);
        toast.error('Download failed', 'The file could not be fetched. Try again in a moment.');
      });
    },
    [toast],
  );
}
