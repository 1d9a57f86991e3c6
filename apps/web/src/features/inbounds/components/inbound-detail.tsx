import * as Dialog from '@radix-ui/react-dialog';
import {
  formatCount,
  formatUtcDate,
  INBOUND_STATUS_LABELS,
  INBOUND_TEXT_LIMITS,
  type InboundDetailResponse,
  inboundColour,
  organizationLabel,
  PLACEHOLDERS,
  parseServerTime,
  shortenText,
} from '@waybill/contracts';
import { CircleDot, Hourglass, X } from 'lucide-react';
import { CopyButton } from '../../../components/index.js';
import type { InboundReference } from '../api/use-reference.js';
import styles from './inbound-detail.module.css';
import { ProductRow, QUANTITY_COLUMNS } from './product-row.js';

export interface InboundDetailProps {
  detail: InboundDetailResponse;
  reference: InboundReference;
  tab: string;
  now: Date;
  onTab: (tab: string) => void;
  onClose: () => void;
}

function dateText(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return date ? formatUtcDate(date) : '-';
}

/** Inbound detail: coloured header with every field, the Products tab and its table. */
export function InboundDetail({ detail, reference, tab, now, onTab, onClose }: InboundDetailProps) {
  const inbound = detail.inventory_receipt;
  const colour = inboundColour(inbound);
  const merchant = organizationLabel(reference.organizations.get(inbound.organization_uid)?.name);
  const warehouse = inbound.fulfillment_center_uid
    ? reference.warehouses.get(inbound.fulfillment_center_uid)
    : undefined;
  const country = warehouse?.display_address?.country_code ?? warehouse?.address?.country_code ?? null;
  const items = new Map(detail.inventory_items.map((i) => [i.uid, i]));
  const identifier = inbound.external_data?.identifier ?? null;

  return (
    <div className={styles.panel}>
      {/* A div, not <header>: beside the app header, which stays in use above the detail, it would
          be a second banner landmark. */}
      <div
        className={styles.header}
        data-colour={colour}
        data-testid="inbound-header"
        style={{
          ['--header-colour' as string]: `var(--color-${colour})`,
          ['--header-tint' as string]: `var(--tint-${colour})`,
          ['--header-on' as string]: `var(--on-${colour})`,
        }}
      >
        <div className={styles.headerTop}>
          <CircleDot
            size={20}
            aria-label={INBOUND_STATUS_LABELS[inbound.status]}
            className={styles.statusIcon}
          />
          <div className={styles.headline}>
            <span className={styles.merchant}>{merchant}</span>
            {/* The reception number is the overlay's accessible title. */}
            <Dialog.Title asChild>
              <h2 className={styles.reception} title={inbound.name}>
                {shortenText(inbound.name, INBOUND_TEXT_LIMITS.receptionNumber)}
              </h2>
            </Dialog.Title>
            <span className={styles.muted}>Created {dateText(inbound.external_dates.created_at)}</span>
          </div>
          <span className={styles.statusLabel}>{INBOUND_STATUS_LABELS[inbound.status]}</span>
          <button type="button" className={styles.close} aria-label="Close inbound" onClick={onClose}>
            <X size={18} aria-hidden />
          </button>
        </div>
        <dl className={styles.fields}>
          <div>
            <dt>SKUs</dt>
            <dd>{formatCount(inbound.line_items_computed.items.length)}</dd>
          </div>
          <div>
            <dt>Incoming</dt>
            <dd>{formatCount(inbound.line_items_computed.incoming_total)}</dd>
          </div>
          <div>
            <dt>Warehouse</dt>
            <dd>
              {inbound.fulfillment_center_uid === null ? (
                <span className={styles.notSent}>{PLACEHOLDERS.notSentToWarehouse}</span>
              ) : (
                <>
                  {warehouse?.name ?? PLACEHOLDERS.warehouse}
                  {country ? <span className={styles.country}>{country}</span> : null}
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>External ID</dt>
            <dd>
              {identifier ? (
                <CopyButton value={identifier} label={`Copy external identifier ${identifier}`}>
                  {shortenText(identifier, INBOUND_TEXT_LIMITS.warehouseIdentifier)}
                </CopyButton>
              ) : (
                '-'
              )}
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{dateText(inbound.external_dates.created_at)}</dd>
          </div>
          <div>
            <dt>Expected</dt>
            <dd>
              {dateText(inbound.expected_date)}
              {inbound.late.is_late ? (
                <span className={styles.late}>
                  <Hourglass size={12} aria-hidden /> Late
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>{dateText(inbound.external_dates.updated_at)}</dd>
          </div>
        </dl>
      </div>

      <div className={styles.tabs} role="tablist" aria-label="Inbound sections">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'products'}
          className={styles.tab}
          onClick={() => onTab('products')}
        >
          Products
        </button>
      </div>

      {tab === 'products' ? (
        <div className={styles.tableWrap} role="tabpanel" aria-label="Products">
          <table className={styles.products}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                {QUANTITY_COLUMNS.map(({ column, label }) => (
                  <th key={column} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {inbound.line_items_computed.items.map((line) => (
                <ProductRow
                  key={line.uid}
                  line={line}
                  item={items.get(line.inventory_item_uid)}
                  status={inbound.status}
                  now={now}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.notImplemented} role="tabpanel">
          Not implemented
        </p>
      )}
    </div>
  );
}
