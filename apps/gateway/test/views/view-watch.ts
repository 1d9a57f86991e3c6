import type { ViewCounts } from '@waybill/contracts';
import type { Client } from '../realtime/harness.js';

/** `views.counts` as a tab sees it: the latest map, and the errors the subscription ended with. */
export function watchViewCounts(client: Client) {
  const watch = {
    latest: null as ViewCounts | null,
    errors: [] as unknown[],
    stop: () => {},
  };
  const sub = client.views.counts.subscribe(undefined, {
    onData(d) {
      watch.latest = (d as { data: ViewCounts }).data;
    },
    onError(e) {
      watch.errors.push(e);
    },
  });
  watch.stop = () => sub.unsubscribe();
  return watch;
}
