/** Every keyboard shortcut of the orders screen, as the '?' dialog lists them. */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['j'], does: 'Focus the next order' },
  { keys: ['k'], does: 'Focus the previous order' },
  { keys: ['Enter'], does: 'Open the focused order' },
  { keys: ['Esc'], does: 'Close the order and return to the list' },
  { keys: ['c'], does: 'Comment on the focused order' },
  { keys: ['x'], does: 'Tick or untick the focused order' },
  { keys: ['t'], does: 'Take the focused order (asks first when a colleague holds it)' },
  { keys: ['/'], does: 'Search order references' },
  { keys: ['Ctrl', 'K'], does: 'Command palette: orders, screens, saved views (⌘ K on a Mac)' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** The open order's shortcuts (the detail over the list), as the '?' dialog lists them. */
export const DETAIL_SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['j'], does: 'Open the next order of the list' },
  { keys: ['k'], does: 'Open the previous order of the list' },
  { keys: ['s'], does: 'Open the status menu' },
  { keys: ['e'], does: 'Escalate: a comment to a team' },
  { keys: ['c'], does: 'Write a comment' },
  { keys: ['t'], does: 'Take the order (asks first when a colleague holds it)' },
  { keys: ['Esc'], does: 'Close the order and return to its row' },
  { keys: ['Ctrl', 'K'], does: 'Commands on this order (⌘ K on a Mac)' },
];
