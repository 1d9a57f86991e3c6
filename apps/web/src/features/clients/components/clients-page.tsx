import {
  type CompanySizeFilter,
  clientActivityCards,
  clientsHasClearableFilters,
  courierLongName,
  formatCount,
  INBOUNDS_INFINITE_SCROLL_PX,
  SKU_FILTER_LABELS,
  type SkuFilter,
  SOURCE_APP_LABELS,
  SOURCE_APPS,
  STORE_STATUSES,
  sortByCount,
  storeActivityColour,
  toggleClientActivityCard,
  toggleCompanySize,
  toggleStoreStatus,
  withSelectedOptions,
} from '@waybill/contracts';
import { Search } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { BackendUnreachableBanner } from '../../../components/backend-unreachable/backend-unreachable-banner.js';
import { CourierLogo } from '../../../components/courier-logo/courier-logo.js';
import {
  DropdownFilter,
  EmptyState,
  LiveBlockedBanner,
  LivePausedBanner,
  NO_RESULTS_TEXT,
  NO_RESULTS_TITLE,
  SkeletonBlock,
  SkeletonRows,
  SpinnerOverlay,
  VirtualTable,
  type VirtualTableColumn,
} from '../../../components/index.js';
import { useDebouncedText } from '../../../hooks/use-debounced-text.js';
import { useNow } from '../../../hooks/use-now.js';
import { useUnreachableRetry } from '../../../hooks/use-unreachable-retry.js';
import { useClientsList } from '../api/use-clients-list.js';
import { useStoreHealth } from '../api/use-store-health.js';
import { useAttentionFilter } from '../hooks/use-attention-filter.js';
import { useClientsFilter } from '../hooks/use-clients-filter.js';
import { countryName, periodOptions, SIZE_OPTIONS, sizeCount, skuOptions } from '../lib/filters.js';
import styles from './clients-page.module.css';
import { NeedsAttentionCard } from './needs-attention-card.js';
import healthStyles from './store-health.module.css';
import { StoreRow } from './store-row.js';

const STATUS_LABELS = { installed: 'Installed', development: 'Development', deleted: 'Deleted' } as const;

/** Country and courier options: contracts' count-then-name order. */
const byCount = <O extends { label: string; count: number }>(options: O[]) =>
  sortByCount(options, (o) => ({ count: o.count, name: o.label }));

const ROW_HEIGHT = 64;

/** Column shares: the store name gets what the other cells leave free, so names fit from 1280 px. */
const COLUMNS: VirtualTableColumn[] = [
  { key: 'store', header: 'Shopify Store', width: '39%' },
  { key: 'size', header: 'Size / Orders (Avg. 30D) / # of SKUs', width: '24.7%' },
  { key: 'couriers', header: 'Couriers', width: '18.3%' },
  { key: 'activity', header: 'Activity Score / Last Activity', width: '18%' },
];

/** Clients analytics (/clients): store filters, activity cards and the stores table. */
export function ClientsPage() {
  const { filter, update } = useClientsFilter();
  const list = useClientsList(filter);
  // While a new search cannot get through, rows and counts both stay those of the last answer.
  const { unreachable, rows: listRows, meta } = useUnreachableRetry(list);
  const now = useNow();
  // Store health: the "Needs attention" view lists the flagged stores (name search still applies).
  const health = useStoreHealth();
  const [attention, setAttention] = useAttentionFilter();
  const attentionRows = useMemo(() => {
    const term = filter.name.trim().toLowerCase();
    return health.stores.filter((s) => !term || s.name.toLowerCase().includes(term)).map((s) => s.store);
  }, [health.stores, filter.name]);
  const rows = attention ? attentionRows : listRows;

  const [nameText, setNameText] = useDebouncedText(filter.name, (name) => update({ name }));

  const loadMore = useCallback(() => {
    if (list.hasMore) list.loadMore();
  }, [list.hasMore, list.loadMore]);

  const displayStats = meta?.display_statistics ?? {};
  // Before the first answer every card stands inert with a placeholder count: the row keeps its
  // size, and nothing below it moves when the counts arrive.
  const cardsLoading = !meta;
  const cards = clientActivityCards(displayStats, filter.displayPriorities).filter(
    (c) => cardsLoading || c.visible,
  );
  // The country and courier menus name and sort every option (a long task on a slow tablet the
  // first time): they follow the counts in a pass React can interrupt.
  const menuMeta = useDeferredValue(meta);
  // A selected country or courier the statistics no longer list stays in its menu, with count 0.
  const countryOption = (key: string, count: number) => ({
    value: key.toUpperCase(),
    label: countryName(key),
    count,
    hint: key.toUpperCase(),
  });
  const countries = withSelectedOptions(
    byCount(
      (menuMeta?.countries_statistics ?? [])
        .filter((c): c is { key: string; count: number } => Boolean(c.key))
        .map((c) => countryOption(c.key, c.count)),
    ),
    filter.country ? [filter.country] : [],
    (key) => countryOption(key, 0),
  );
  const courierOption = (key: string, count: number) => ({
    value: key,
    label: courierLongName(key),
    count,
    leading: <CourierLogo courierKey={key} name={courierLongName(key)} decorative />,
  });
  const couriers = withSelectedOptions(
    byCount(
      (menuMeta?.couriers_statistics ?? [])
        .filter((c): c is { key: string; count: number } => Boolean(c.key))
        .map((c) => courierOption(c.key, c.count)),
    ),
    filter.courier ? [filter.courier] : [],
    (key) => courierOption(key, 0),
  );
  const sizes = SIZE_OPTIONS.map((s) => ({
    value: s.value,
    label: s.label,
    count: meta ? sizeCount(meta.company_size_statistics, s.value) : 0,
  }));
  const skus = skuOptions(meta?.sku_statistics, filter.skusFilter).filter((o) => o.value !== 'all');
  const periods = periodOptions(meta?.company_activity_statistics, filter.companyActivity);
  const sourceCount = (app: string) => meta?.source_app_statistics.find((s) => s.key === app)?.count;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <fieldset className={styles.group} aria-label="Store filters" disabled={attention}>
          <DropdownFilter
            label="Country"
            allLabel="All Countries"
            options={countries}
            selected={filter.country ? [filter.country] : []}
            multiple={false}
            moreNoun="Countries"
            onChange={(next) => update({ country: next[0] ?? null })}
            testId="filter-country"
          />
          <DropdownFilter
            label="Courier"
            allLabel="All Couriers"
            options={couriers}
            selected={filter.courier ? [filter.courier] : []}
            multiple={false}
            moreNoun="Couriers"
            onChange={(next) => update({ courier: next[0] ?? null })}
            testId="filter-courier"
          />
          {clientsHasClearableFilters(filter) ? (
            <button
              type="button"
              className={styles.link}
              onClick={() => update({ country: null, courier: null })}
            >
              Clear Filters
            </button>
          ) : null}
        </fieldset>
        <div className={styles.switch} role="radiogroup" aria-label="Source app">
          {SOURCE_APPS.map((app) => {
            const count = sourceCount(app);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a segmented switch, styled as buttons
              <button
                key={app}
                type="button"
                role="radio"
                aria-checked={filter.sourceApp === app}
                disabled={attention}
                className={styles.switchOption}
                onClick={() => update({ sourceApp: app })}
              >
                {SOURCE_APP_LABELS[app]}
                {count !== undefined ? <span className={styles.muted}>{count}</span> : null}
              </button>
            );
          })}
        </div>
      </header>

      <div className={healthStyles.cardsRow}>
        <fieldset
          className={styles.cards}
          aria-label="Activity priority"
          disabled={attention || cardsLoading}
          aria-busy={cardsLoading || undefined}
        >
          {cards.map((card) => (
            <button
              key={card.priority}
              type="button"
              className={styles.card}
              aria-pressed={!attention && card.enabled}
              data-testid={`activity-card-${card.priority}`}
              style={{ ['--card-colour' as string]: `var(--color-${storeActivityColour(card.priority)})` }}
              onClick={() =>
                update({
                  displayPriorities: toggleClientActivityCard(
                    filter.displayPriorities,
                    card.priority,
                    displayStats,
                  ),
                })
              }
            >
              <span className={styles.cardLabel}>{card.label}</span>
              <span className={styles.cardCount}>
                {cardsLoading ? (
                  <SkeletonBlock width={28} className={styles.countSkeleton} />
                ) : (
                  formatCount(card.count)
                )}
              </span>
            </button>
          ))}
        </fieldset>
        <NeedsAttentionCard
          count={health.isLoading ? null : health.stores.length}
          failed={health.isError}
          pressed={attention}
          onToggle={() => setAttention(!attention)}
        />
      </div>
      {attention ? (
        // Needs attention lists every flagged store: the other filters are released, visibly.
        <p className={styles.note} role="note" data-testid="attention-note">
          Needs attention lists every flagged store: the other filters are off while it is on. The name search
          still applies.
        </p>
      ) : null}

      <div className={styles.toolbar}>
        <fieldset className={styles.group} aria-label="Store status" disabled={attention}>
          {STORE_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className={styles.toggle}
              aria-pressed={!attention && filter.companyActivityStatus.includes(status)}
              onClick={() =>
                update({ companyActivityStatus: toggleStoreStatus(filter.companyActivityStatus, status) })
              }
            >
              {STATUS_LABELS[status]}
            </button>
          ))}
        </fieldset>
        <span className={styles.count} data-testid="store-count">
          {formatCount(attention ? rows.length : (meta?.count ?? 0))} store displayed
        </span>
        <label className={styles.search}>
          <Search size={14} aria-hidden />
          <input
            type="search"
            name="q"
            placeholder="Search stores"
            aria-label="Search stores by name"
            value={nameText}
            maxLength={200}
            onChange={(e) => setNameText(e.target.value)}
          />
        </label>
        <fieldset className={styles.group} aria-label="Size and SKU count" disabled={attention}>
          <DropdownFilter
            label="Company size"
            allLabel="All Sizes"
            options={sizes}
            selected={filter.companiesSize ? [filter.companiesSize] : []}
            multiple={false}
            onChange={(next) => {
              const clicked = next[0] as CompanySizeFilter | undefined;
              update({ companiesSize: clicked ? toggleCompanySize(filter.companiesSize, clicked) : null });
            }}
            testId="filter-size"
          />
          <DropdownFilter
            label="SKU count"
            allLabel={SKU_FILTER_LABELS.all}
            options={skus}
            selected={filter.skusFilter === 'all' ? [] : [filter.skusFilter]}
            multiple={false}
            onChange={(next) => update({ skusFilter: (next[0] as SkuFilter | undefined) ?? 'all' })}
            testId="filter-skus"
          />
        </fieldset>
        <fieldset className={styles.group} aria-label="Activity period" disabled={attention}>
          {periods.map((p) => (
            <button
              key={p.value}
              type="button"
              className={styles.toggle}
              aria-pressed={!attention && filter.companyActivity === p.value}
              onClick={() => update({ companyActivity: p.value })}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
      </div>

      {list.pause ? <LivePausedBanner dataAt={list.pause.dataAt} /> : null}
      {list.blocked ? (
        <LiveBlockedBanner dataAt={list.blocked.dataAt} onRefresh={() => void list.refresh()} />
      ) : null}
      {unreachable ? <BackendUnreachableBanner /> : null}
      {unreachable && listRows.length > 0 && !attention ? (
        <p className={styles.note} role="note" data-testid="stores-stale">
          Showing the last stores received, with their counts: they may not match the filters above.
        </p>
      ) : null}
      {rows.length === 0 && (attention ? health.isLoading : list.isLoading) ? (
        <SkeletonRows rows={10} />
      ) : rows.length === 0 && attention ? (
        <EmptyState
          title="No store needs attention"
          text="No connected store's orders fell by half against its 4-week average or stopped for 3 days."
          testId="stores-empty"
        />
      ) : rows.length === 0 ? (
        <EmptyState title={NO_RESULTS_TITLE} text={NO_RESULTS_TEXT} testId="stores-empty" />
      ) : (
        <VirtualTable
          label="Stores"
          testId="stores-table"
          cardsOnPhone
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.uid}
          rowHeight={ROW_HEIGHT}
          renderRow={(row) => (
            <StoreRow key={row.uid} row={row} now={now} attention={health.byUid.get(row.uid)?.reasonText} />
          )}
          hasMore={!attention && list.hasMore}
          busy={list.isUpdating}
          loadMoreWithinPx={INBOUNDS_INFINITE_SCROLL_PX}
          onLoadMore={loadMore}
        >
          {!attention && list.hasMore ? <SkeletonRows rows={2} /> : null}
        </VirtualTable>
      )}
      {list.isUpdating && !list.isLoadingMore && !unreachable && rows.length > 0 ? (
        <SpinnerOverlay label="Loading stores" />
      ) : null}
    </div>
  );
}
