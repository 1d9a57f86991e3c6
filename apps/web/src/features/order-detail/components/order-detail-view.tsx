import { type OrderDetailResponse, PLACEHOLDERS, sellingChannelName } from '@waybill/contracts';
import type { ReferenceData } from '../../../hooks/use-reference-data.js';
import { moveBetweenTabs } from '../../../lib/tab-keys.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import { courierView, DETAIL_TABS } from '../lib/detail-view.js';
import type { EditorRequest } from '../lib/editor-request.js';
import { CommentsTab } from './comments-tab.js';
import { HistoryTab } from './history-tab.js';
import styles from './order-detail.module.css';
import { OrderHeader } from './order-header.js';
import { OrderItemsTab } from './order-items-tab.js';

/** What the detail renders from orders.detail (thread is not shown). */
export type DetailData = Pick<
  OrderDetailResponse,
  'order' | 'inventory_items' | 'comments' | 'poc_1_workflow'
>;

export interface OrderDetailViewProps {
  detail: DetailData;
  reference: ReferenceData;
  timeMode: TimeMode;
  now: Date;
  tab: string;
  onTab: (tab: string) => void;
  userUid: string | null;
  unreadOnEntry: ReadonlySet<string>;
  advanced: boolean;
  editorOpen: boolean;
  onEditorOpen: (open: boolean) => void;
  editorRequest: EditorRequest | null;
  onEditorRequest: (kind: EditorRequest['kind']) => void;
  onTyped: () => void;
  /** Counts asks to open the status menu (the s key); each new one opens it. */
  menuRequest: number;
  previousHref: string | null;
  nextHref: string | null;
  onNavigate: (href: string) => void;
  onChanged: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onClose: () => void;
}

/** Header and the History / Order / Comments tabs. The comments panel stays mounted so a draft survives tab switches. */
export function OrderDetailView(props: OrderDetailViewProps) {
  const { detail, reference } = props;
  const { order } = detail;
  const warehouse = order.fulfillment_center_uid
    ? (reference.fulfillmentCentersByUid.get(order.fulfillment_center_uid) ?? null)
    : null;
  const channel = sellingChannelName(reference.sellingChannelsByUid.get(order.selling_channel_uid));
  const courier = courierView(order);
  const known = DETAIL_TABS.some((t) => t.id === props.tab);
  return (
    <div className={styles.panel}>
      <OrderHeader
        order={order}
        warehouse={warehouse}
        organizationName={reference.organizationsByUid.get(order.organization_uid)?.name}
        channel={channel}
        courier={courier}
        timeMode={props.timeMode}
        previousHref={props.previousHref}
        nextHref={props.nextHref}
        onNavigate={props.onNavigate}
        onAddComment={() => props.onEditorRequest('comment')}
        menuRequest={props.menuRequest}
        onChanged={props.onChanged}
        onClose={props.onClose}
      />
      <div className={styles.tabs} role="tablist" aria-label="Order detail" onKeyDown={moveBetweenTabs}>
        {DETAIL_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`order-tab-${t.id}`}
            aria-selected={props.tab === t.id}
            tabIndex={props.tab === t.id ? 0 : -1}
            aria-controls={`order-panel-${t.id}`}
            className={styles.tab}
            onClick={() => props.onTab(t.id)}
          >
            {t.label}
            {/* Read as "Comments, 3" (a pause before the count), not "Comments3". */}
            {t.id === 'comments' ? (
              <span className={styles.counter}>
                <span className="visually-hidden">, </span>
                {detail.comments.length}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {props.tab === 'history' ? (
        <section role="tabpanel" id="order-panel-history" aria-labelledby="order-tab-history">
          <HistoryTab
            order={order}
            channel={channel}
            warehouse={warehouseName(warehouse)}
            courier={courier}
            timeMode={props.timeMode}
            warehouseTimeZone={warehouse?.timezone}
          />
        </section>
      ) : null}
      {props.tab === 'order' ? (
        <section role="tabpanel" id="order-panel-order" aria-labelledby="order-tab-order">
          <OrderItemsTab order={order} inventoryItems={detail.inventory_items} now={props.now} />
        </section>
      ) : null}
      <section
        role="tabpanel"
        id="order-panel-comments"
        aria-labelledby="order-tab-comments"
        hidden={props.tab !== 'comments'}
      >
        <CommentsTab
          order={order}
          comments={detail.comments}
          workflow={detail.poc_1_workflow}
          userUid={props.userUid}
          unreadOnEntry={props.unreadOnEntry}
          advanced={props.advanced}
          editorOpen={props.editorOpen}
          onEditorOpen={props.onEditorOpen}
          editorRequest={props.editorRequest}
          onEditorRequest={props.onEditorRequest}
          onTyped={props.onTyped}
          onDirtyChange={props.onDirtyChange}
          onChanged={props.onChanged}
          now={props.now}
          timeMode={props.timeMode}
          warehouseTimeZone={warehouse?.timezone}
        />
      </section>
      {known ? null : <p className={styles.notImplemented}>Not implemented</p>}
    </div>
  );
}

const warehouseName = (center: { name: string } | null) => center?.name ?? PLACEHOLDERS.warehouse;
