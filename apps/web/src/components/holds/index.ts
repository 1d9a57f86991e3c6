export { HoldAvatar } from './hold-avatar.js';
export { HoldControl } from './hold-control.js';
export { useHold, useHoldActions, useHolds } from './holds-context.js';
export { HoldsProvider } from './holds-provider.js';
export { MINE_HREF, useMineActive } from './use-mine.js';
