/** Every keyboard shortcut of the orders screen, as the '?' dialog lists them. */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['j'], does: 'Focus the next order' },
  { keys: ['k'], does: 'Focus the previous order' },
  { keys: ['Enter'], does: 'Open the focused order' },
  { keys: ['Esc'], does: 'Close the order and return to the list' },
  { keys: ['c'], does: 'Comment on the focused order' },
  { keys: ['x'], does: 'Tick or untick the focused order' },
  { keys: ['/'], does: 'Search order references' },
  { keys: ['Ctrl', 'K'], does: 'Command palette: orders, screens, saved views (⌘ K on a Mac)' },
  { keys: ['?'], does: 'Show these shortcuts' },
];
