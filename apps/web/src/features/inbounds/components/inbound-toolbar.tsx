import {
  INBOUND_ITEM_KINDS,
  type InboundItemKind,
  type InboundsFilter,
  toggleValues,
  transportLabel,
} from '@waybill/contracts';
import { Hourglass, Search } from 'lucide-react';
import { SummaryCards } from '../../../components/index.js';
import { colourVar } from '../../../lib/priority-colour.js';
import type { InboundsMeta } from '../api/use-inbounds-list.js';
import { BUCKETS, bucketCount, isBucketSelected, summaryCards } from '../lib/buckets.js';
import { formatCount } from '../lib/format.js';
import styles from './inbound-toolbar.module.css';

const EMPTY_DISPLAY = {
  display_priority_0: 0,
  display_priority_1: 0,
  display_priority_2: 0,
  display_priority_3: 0,
  display_priority_4: 0,
  display_priority_5: 0,
  display_priority_6: 0,
};

export interface InboundToolbarProps {
  filter: InboundsFilter;
  stats: InboundsMeta | null;
  /** Priorities that are forced on because errors, alerts and on schedule are all empty. */
  forced: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (change: Partial<InboundsFilter>) => void;
}

/** Priority bar, summary cards, count line, search box, transport toggles and the Late toggle. */
export function InboundToolbar({
  filter,
  stats,
  forced,
  searchText,
  onSearchText,
  onChange,
}: InboundToolbarProps) {
  const display = stats?.display_statistics ?? EMPTY_DISPLAY;
  const selected = filter.displayPriorities;
  const summary = summaryCards(display, selected);
  const toggleBucket = (priorities: readonly number[]) =>
    onChange({ displayPriorities: toggleValues(selected, priorities).sort((a, b) => a - b) });
  const kindCounts = new Map<InboundItemKind, number>();
  for (const row of stats?.number_of_items_statistics ?? []) {
    kindCounts.set(row.kind, (kindCounts.get(row.kind) ?? 0) + row.count);
  }
  const lateCount = stats?.number_of_lates_statistics.number_of_inventory_receipts_late ?? 0;

  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.priorityBar} aria-label="Priority buckets">
        {BUCKETS.map((bucket) => {
          const active = (forced && !bucket.showsCount) || isBucketSelected(bucket, selected);
          return (
            <button
              key={bucket.id}
              type="button"
              className={styles.bucket}
              aria-pressed={active}
              data-testid={`bucket-${bucket.id}`}
              style={{ ['--bucket-colour' as string]: colourVar(bucket.colour) }}
              onClick={() => toggleBucket(bucket.priorities)}
            >
              <span className={styles.bucketDot} aria-hidden />
              {bucket.label}
              {bucket.showsCount ? (
                <span className={styles.bucketCount}>{formatCount(bucketCount(display, bucket))}</span>
              ) : null}
            </button>
          );
        })}
      </fieldset>

      <SummaryCards
        label="Inbound summary"
        compact={summary.compact}
        cards={summary.cards.map((card) => ({
          id: card.bucket.id,
          label: card.bucket.cardTitle,
          count: card.count,
          colour: card.bucket.colour,
          showCount: card.shownCount !== null,
          active: card.enabled,
        }))}
        onToggle={(id) => {
          const bucket = BUCKETS.find((b) => b.id === id);
          if (bucket) toggleBucket(bucket.priorities);
        }}
      />

      <div className={styles.row}>
        <span className={styles.countLine} data-testid="inbound-count">
          {formatCount(stats?.document_count ?? 0)} inbound displayed
        </span>
        <label className={styles.search}>
          <Search size={14} aria-hidden />
          <input
            type="search"
            placeholder="Search"
            aria-label="Search inbounds"
            value={searchText}
            maxLength={200}
            onChange={(e) => onSearchText(e.target.value)}
          />
        </label>
        <fieldset className={styles.toggles} aria-label="Transport type">
          {INBOUND_ITEM_KINDS.map((kind) => {
            const count = kindCounts.get(kind) ?? 0;
            if (count <= 0) return null;
            return (
              <button
                key={kind}
                type="button"
                className={styles.toggle}
                aria-pressed={filter.numberOfItems.includes(kind)}
                onClick={() => onChange({ numberOfItems: toggleValues(filter.numberOfItems, [kind]) })}
              >
                {transportLabel(kind, count)}
              </button>
            );
          })}
          <button
            type="button"
            className={styles.toggle}
            data-late
            aria-pressed={filter.isLate}
            title={`${formatCount(lateCount)} late`}
            onClick={() => onChange({ isLate: !filter.isLate })}
          >
            <Hourglass size={13} aria-hidden />
            Late
          </button>
        </fieldset>
      </div>
    </div>
  );
}
