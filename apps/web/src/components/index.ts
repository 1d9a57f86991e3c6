/** Shared building blocks of the console; features import from here. */
export { BackToTop, shouldShowBackToTop } from './back-to-top/back-to-top.js';
export { Button, type ButtonProps } from './button/button.js';
export { CopyButton, type CopyButtonProps } from './copy-button/copy-button.js';
export { DateChangeModal, type DateChangeModalProps } from './date-change-modal/date-change-modal.js';
export {
  DateEntryFields,
  type DateEntryFieldsProps,
  dateEntryProblem,
} from './date-entry-fields/date-entry-fields.js';
export {
  DropdownFilter,
  type DropdownFilterProps,
  type DropdownOption,
} from './dropdown-filter/dropdown-filter.js';
export { EmptyState, NO_RESULTS_TEXT, NO_RESULTS_TITLE } from './empty-state/empty-state.js';
export { ListFooter } from './list-footer/list-footer.js';
export { LivePausedBanner, livePausedText } from './live-paused/live-paused-banner.js';
export { Modal, type ModalProps } from './modal/modal.js';
export { ModalActions, type ModalActionsProps } from './modal/modal-actions.js';
export { MenuPortal, TooltipBubble } from './popup-layer/popup-layer.js';
export { RouteError } from './route-error/route-error.js';
export { SelectMenu, type SelectMenuOption, type SelectMenuProps } from './select-menu/select-menu.js';
export { SkeletonRows } from './skeleton/skeleton-rows.js';
export { Spinner, SpinnerOverlay } from './spinner/spinner.js';
export { type SummaryCard, SummaryCards } from './summary-cards/summary-cards.js';
export { ToastProvider, useToast } from './toast/toast.js';
export {
  VirtualTable,
  type VirtualTableColumn,
  type VirtualTableProps,
} from './virtual-table/virtual-table.js';
