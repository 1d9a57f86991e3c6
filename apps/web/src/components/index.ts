/** Shared building blocks of the console; features import from here. */
export { Button } from './button/button.js';
export { CopyButton } from './copy-button/copy-button.js';
export { DropdownFilter, type DropdownOption } from './dropdown-filter/dropdown-filter.js';
export { EmptyState, NO_RESULTS_TEXT, NO_RESULTS_TITLE } from './empty-state/empty-state.js';
export { ListFooter } from './list-footer/list-footer.js';
export { LiveBlockedBanner } from './live-paused/live-blocked-banner.js';
export { LivePausedBanner } from './live-paused/live-paused-banner.js';
export { Modal } from './modal/modal.js';
export { ModalActions } from './modal/modal-actions.js';
export { MenuPortal, TooltipBubble } from './popup-layer/popup-layer.js';
export { SkeletonBlock } from './skeleton/skeleton-block.js';
export { SkeletonRows } from './skeleton/skeleton-rows.js';
export { SpinnerOverlay } from './spinner/spinner.js';
export { SummaryCards } from './summary-cards/summary-cards.js';
export { VirtualTable, type VirtualTableColumn } from './virtual-table/virtual-table.js';
