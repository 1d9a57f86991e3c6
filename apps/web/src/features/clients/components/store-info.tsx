import { PLATFORM_DISPLAY_NAMES, type SellingChannelAnalyticsRow, storeAge } from '@waybill/contracts';
import { countryName, formatBucharest } from '../lib/filters.js';
import { locationsSummary } from '../lib/store-rules.js';
import styles from './store-row.module.css';

/**
 * A store's details in its info popover. Its own component, so the dates are formatted only when the
 * popover opens, not for every row the list mounts.
 */
export function StoreInfo({ row, now }: { row: SellingChannelAnalyticsRow; now: Date }) {
  const platform = PLATFORM_DISPLAY_NAMES[row.kind as keyof typeof PLATFORM_DISPLAY_NAMES] ?? 'Unknown';
  const country = row.owner?.address?.country_code ?? null;
  const locations = locationsSummary(row.fulfillment_locations);
  return (
    <>
      <dl className={styles.info}>
        <dt>Platform</dt>
        <dd>{platform}</dd>
        <dt>Age</dt>
        <dd>{storeAge(row.activity.created_at, now)?.text ?? '-'}</dd>
        <dt>Created</dt>
        <dd>{formatBucharest(row.activity.created_at)}</dd>
        <dt>Installed</dt>
        <dd>{formatBucharest(row.activity.installed_at)}</dd>
        {row.activity.deleted_at ? (
          <>
            <dt>Uninstalled</dt>
            <dd>{formatBucharest(row.activity.deleted_at)}</dd>
          </>
        ) : null}
        <dt>Fulfillment</dt>
        <dd>{locations.firstService ?? '-'}</dd>
        <dt>Country</dt>
        <dd>{country ? countryName(country) : '-'}</dd>
      </dl>
      {row.statistics.activity.people.length > 0 ? (
        <ul className={styles.people}>
          {row.statistics.activity.people.map((p) => (
            <li key={p.user.uid}>
              <span>{p.user.name}</span>
              <span className={styles.muted}>
                {p.browser.device_type} · {formatBucharest(p.last_seen_at)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
