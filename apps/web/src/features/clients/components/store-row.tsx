import * as Menu from '@radix-ui/react-dropdown-menu';
import * as Popover from '@radix-ui/react-popover';
import {
  activityPill,
  countNoun,
  courierCell,
  courierPopoverRows,
  formatCount,
  NO_SIZE_LABEL,
  planBadgeLabel,
  type SellingChannelAnalyticsRow,
  sizeBadge,
  storeActivityColour,
  storeDisplayName,
  storeDisplayStatus,
} from '@waybill/contracts';
import { ExternalLink, Info, MapPin, MoreHorizontal } from 'lucide-react';
import { Fragment, memo, type ReactNode, useState } from 'react';
import { CourierLogo } from '../../../components/courier-logo/courier-logo.js';
import { CopyButton, MenuPortal } from '../../../components/index.js';
import { countryName, formatBucharest } from '../lib/filters.js';
import { locationsSummary, rowNewTag, storeAppLink } from '../lib/store-rules.js';
import { Sparkline } from './sparkline.js';
import { StoreHealthBadge } from './store-health-badge.js';
import { StoreInfo } from './store-info.js';
import { StoreName } from './store-name.js';
import styles from './store-row.module.css';

const colourVar = (c: string) => `var(--color-${c})`;

/** A popover that opens on hover and on focus/click (keyboard users reach it too). */
function HoverPopover({
  label,
  trigger,
  children,
  className,
}: {
  /** The trigger's name when its content does not give it (undefined: named by its content). */
  label?: string | undefined;
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={className ? `${styles.popoverTrigger} ${className}` : styles.popoverTrigger}
        aria-label={label}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        // A click (or Enter) opens it; hovering already did for mouse users, so never toggle it shut.
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {trigger}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          sideOffset={6}
          onOpenAutoFocus={(e) => e.preventDefault()}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function CouriersCell({ couriers }: { couriers: SellingChannelAnalyticsRow['statistics']['couriers'] }) {
  const cell = courierCell(couriers);
  if (cell.kind === 'empty') return <span className={styles.blank} data-testid="couriers-empty" />;
  const content =
    cell.kind === 'logos' ? (
      <span className={styles.logos}>
        {/* A space between the names (not drawn in the flex row) keeps them separate words in the name. */}
        {cell.couriers.map((c, i) => (
          <Fragment key={c.logo}>
            {i > 0 ? ' ' : null}
            <CourierLogo logo={c.logo} name={c.name} />
          </Fragment>
        ))}
      </span>
    ) : (
      <span className={styles.flag} data-kind={cell.kind}>
        {cell.text}
      </span>
    );
  // The visible flag starts the button's name, as the label-in-name rule asks. Courier marks name
  // the button by their text for screen readers (their drawn initials are not the name).
  return (
    <HoverPopover
      label={cell.kind === 'logos' ? undefined : `${cell.text}: courier shares`}
      trigger={
        cell.kind === 'logos' ? (
          <>
            {content}
            <span className="visually-hidden">: courier shares</span>
          </>
        ) : (
          content
        )
      }
    >
      <ul className={styles.shareList}>
        {courierPopoverRows(couriers).map((s) => (
          <li key={s.label}>
            <span>{s.label}</span>
            <span className={styles.percent}>{s.percent}%</span>
          </li>
        ))}
      </ul>
    </HoverPopover>
  );
}

function CourierShareBar({ couriers }: { couriers: SellingChannelAnalyticsRow['statistics']['couriers'] }) {
  const rows = courierPopoverRows(couriers);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) return null;
  return (
    <span className={styles.shareBar} role="img" aria-label="Courier share" data-testid="courier-share-bar">
      {rows.map((s, i) => (
        <span
          key={s.label}
          style={{ width: `${Math.max(2, (s.count / total) * 100)}%`, opacity: 1 - i * 0.2 }}
          title={`${s.label} ${s.percent}%`}
        />
      ))}
    </span>
  );
}

export interface StoreRowProps {
  row: SellingChannelAnalyticsRow;
  now: Date;
  /** Why the store needs attention (store health), when it does. */
  attention?: string | undefined;
}

/** One store of the analytics table, with every cell of its row. */
export const StoreRow = memo(function StoreRow({ row, now, attention }: StoreRowProps) {
  const colour = storeActivityColour(row.display_priority);
  const state = storeDisplayStatus(row);
  const badge = sizeBadge(row.statistics.orders.size, row.activity.status);
  const name = storeDisplayName(row.name);
  const link = storeAppLink(row.metadata);
  const tag = rowNewTag(row.activity, now);
  const country = row.owner?.address?.country_code ?? null;
  const locations = locationsSummary(row.fulfillment_locations);
  const created = formatBucharest(row.activity.created_at, 'yyyy');
  const pill = activityPill(row.statistics.activity.latest, now);
  const daily = row.statistics.orders.daily;

  return (
    <tr
      className={styles.row}
      data-testid="store-row"
      data-colour={colour}
      data-state={state}
      style={{
        ['--row-colour' as string]: colourVar(colour),
        ['--row-on' as string]: `var(--on-${colour})`,
        ['--row-tint' as string]: `var(--tint-${colour})`,
      }}
    >
      <td>
        <div className={styles.store}>
          <span
            className={styles.size}
            style={{ opacity: badge.opacity }}
            data-testid="size-badge"
            title={
              badge.uninstalled
                ? 'Uninstalled'
                : badge.label === NO_SIZE_LABEL
                  ? 'No orders in 30 days'
                  : `Size ${badge.label}`
            }
          >
            {badge.label}
          </span>
          <div className={styles.storeText}>
            <span className={styles.nameLine}>
              <StoreName name={name} link={link} />
              <CopyButton value={name} label={`Copy ${name}`} className={styles.copy} />
              {tag ? (
                <span className={styles.newTag} data-variant={tag}>
                  NEW
                </span>
              ) : null}
            </span>
            <span className={styles.meta}>
              <span className={styles.plan} data-testid="plan-badge">
                {planBadgeLabel(row.kind, row.store.plan_name)}
              </span>
              {badge.uninstalled ? <span className={styles.uninstalled}>Uninstalled</span> : null}
              {attention ? <StoreHealthBadge reason={attention} /> : null}
              {country ? (
                <span className={styles.chip} title={countryName(country)}>
                  {country.toUpperCase()}
                </span>
              ) : null}
              <span className={styles.locations} title="Fulfillment locations">
                <MapPin size={11} aria-hidden />
                {locations.count}
              </span>
              <span className={styles.year} title={`Created ${formatBucharest(row.activity.created_at)}`}>
                {created}
              </span>
              <HoverPopover
                label={`Store info for ${name}`}
                trigger={<Info size={13} aria-hidden />}
                className={styles.infoTrigger}
              >
                <StoreInfo row={row} now={now} />
              </HoverPopover>
            </span>
          </div>
        </div>
      </td>
      <td>
        <div className={styles.volume}>
          <span className={styles.ordersPill} data-testid="orders-pill">
            <strong>{formatCount(row.statistics.orders.count)}</strong>{' '}
            {countNoun(row.statistics.orders.count, 'order')} ·{' '}
            <strong>{formatCount(row.statistics.inventory_items.count)}</strong>{' '}
            {countNoun(row.statistics.inventory_items.count, 'sku')}
          </span>
          {daily && daily.length > 1 ? (
            <Sparkline values={daily} colour={colourVar(colour)} />
          ) : (
            <CourierShareBar couriers={row.statistics.couriers} />
          )}
        </div>
      </td>
      <td>
        <CouriersCell couriers={row.statistics.couriers} />
      </td>
      <td>
        <div className={styles.activity}>
          {pill.kind === 'empty' ? (
            <span className={styles.blank} data-testid="activity-empty" />
          ) : (
            <>
              <span className={styles.scorePill} data-testid="activity-pill">
                <strong>{Math.round(pill.score)}</strong>
                {pill.kind === 'combined' ? <span>{pill.relative}</span> : null}
              </span>
              {pill.kind === 'separate' && pill.relative ? (
                <span className={styles.timePill} data-testid="activity-time">
                  {pill.relative}
                </span>
              ) : null}
            </>
          )}
          <Menu.Root modal={false}>
            <Menu.Trigger className={styles.dots} aria-label={`Actions for ${name}`}>
              <MoreHorizontal size={16} aria-hidden />
            </Menu.Trigger>
            <MenuPortal>
              <Menu.Content className={styles.menu} align="end" sideOffset={4}>
                <Menu.Item
                  className={styles.menuItem}
                  disabled={!link}
                  onSelect={() => {
                    if (link) window.open(link, '_blank', 'noopener');
                  }}
                >
                  <ExternalLink size={13} aria-hidden /> Open store app
                </Menu.Item>
                <Menu.Item
                  className={styles.menuItem}
                  onSelect={() => {
                    void navigator.clipboard?.writeText(name).catch(() => {});
                  }}
                >
                  Copy store name
                </Menu.Item>
              </Menu.Content>
            </MenuPortal>
          </Menu.Root>
        </div>
      </td>
    </tr>
  );
});
