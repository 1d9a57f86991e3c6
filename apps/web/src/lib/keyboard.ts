/** Whether `target` takes typed text: an input, textarea, select or contenteditable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Whether a modal dialog is open (Radix dialogs mark their content role="dialog" or "alertdialog"; one
 * closing still in the DOM says data-state="closed").
 */
export function modalOpen(doc: Document = document): boolean {
  return (
    doc.querySelector(
      '[role="dialog"]:not([data-state="closed"]), [role="alertdialog"]:not([data-state="closed"])',
    ) !== null
  );
}

/**
 * Single-key shortcuts never fire while the user types (input, textarea, contenteditable), with a
 * modal open, or with Ctrl, Cmd or Alt held (those belong to the browser).
 */
export function singleKeyBlocked(event: KeyboardEvent, doc: Document = document): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  return isTypingTarget(event.target) || modalOpen(doc);
}

/** Ctrl+K (Cmd+K on a Mac) opens the command palette. */
export function isPaletteKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/** Marks a record's detail layer: a non-modal dialog that keeps its own single-key shortcuts. */
export const DETAIL_LAYER_ATTRIBUTE = 'data-detail-layer';

/** Whether a dialog is open other than a record's detail layer (a modal over the detail, the palette). */
export function dialogOverDetail(doc: Document = document): boolean {
  const open = `:not([data-state="closed"]):not([${DETAIL_LAYER_ATTRIBUTE}])`;
  return doc.querySelector(`[role="dialog"]${open}, [role="alertdialog"]${open}`) !== null;
}

/**
 * The open detail's single-key shortcuts (j/k/s/e/c) follow the shortcut rule, with the detail itself
 * not counting as a dialog; an open menu (its own typeahead) keeps the keys too.
 */
export function detailKeyBlocked(event: KeyboardEvent, doc: Document = document): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  if (isTypingTarget(event.target) || dialogOverDetail(doc)) return true;
  return doc.querySelector('[role="menu"]:not([data-state="closed"])') !== null;
}
