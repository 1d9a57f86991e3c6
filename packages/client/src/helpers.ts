/**
 * The console's own rules a script needs, bundled from the contracts package so the tarball needs
 * nothing else: its default filters and late mode, order statuses with their labels and groups,
 * server times, page sizes, and the reducer that applies live messages.
 */
export {
  applyListMessage,
  type ClientsFilter,
  DEFAULT_CLIENTS_FILTER,
  DEFAULT_INBOUNDS_FILTER,
  DEFAULT_ORDERS_FILTER,
  type InboundsFilter,
  isFinalOrderStatus,
  isLateMode,
  type ListMessage,
  type ListPatch,
  type ListState,
  type LiveHealthMessage,
  type LiveListEvent,
  MAX_LOADED_ROWS,
  MAX_PAGE_SIZE,
  ORDER_STATUS_GROUPS,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrdersFilter,
  orderStatusLabel,
  parseServerTime,
  setLateMode,
  statusesOfGroup,
  statusGroupById,
  statusGroupOf,
} from '@waybill/contracts';
