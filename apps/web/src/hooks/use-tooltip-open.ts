import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { swallowClickOfThisTap } from '../lib/no-tap-through.js';

/** How long a finger rests on a control before its tooltip shows: a touch screen's long press. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const PRESS_SLOP_PX = 10;

export interface TooltipOpen {
  /** For `Tooltip.Root`. */
  root: { open: boolean; onOpenChange: (open: boolean) => void };
  /** For `Tooltip.Trigger` (Radix runs its own handlers after these). */
  trigger: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
    onContextMenu: (event: { preventDefault(): void }) => void;
  };
}

/**
 * A tooltip's open state. With a mouse or keyboard it opens on hover and focus (Radix). A touch
 * screen has no hover, so there it opens on a long press, as the platform's own tooltips do, and
 * stays until the next tap elsewhere; the press's click is swallowed, so a long press on a status
 * group reads its name without toggling it. `allowed` false keeps the tooltip shut (a text shown
 * whole has nothing to add); a function is asked each time the tooltip would open.
 */
export function useTooltipOpen(allowed: boolean | (() => boolean) = true): TooltipOpen {
  const [open, setOpen] = useState(false);
  const press = useRef<{ timer: number; x: number; y: number } | null>(null);
  const longPressed = useRef(false);
  const allowedNow = useRef(allowed);
  allowedNow.current = allowed;
  const mayOpen = () => {
    const rule = allowedNow.current;
    return typeof rule === 'boolean' ? rule : rule();
  };

  const endPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  useEffect(() => endPress, []);

  return {
    root: { open: open && allowed !== false, onOpenChange: (next) => setOpen(next && mayOpen()) },
    trigger: {
      onPointerDown: (event) => {
        endPress();
        longPressed.current = false;
        if (event.pointerType !== 'touch') return;
        const doc = event.currentTarget.ownerDocument;
        const timer = window.setTimeout(() => {
          press.current = null;
          if (!mayOpen()) return;
          longPressed.current = true;
          setOpen(true);
          swallowClickOfThisTap(doc);
        }, LONG_PRESS_MS);
        press.current = { timer, x: event.clientX, y: event.clientY };
      },
      onPointerMove: (event) => {
        const at = press.current;
        if (at && Math.hypot(event.clientX - at.x, event.clientY - at.y) > PRESS_SLOP_PX) endPress();
      },
      onPointerUp: endPress,
      onPointerCancel: endPress,
      // The browser's own long-press menu (copy, select) would cover the tooltip it just opened.
      onContextMenu: (event) => {
        if (longPressed.current) event.preventDefault();
      },
    },
  };
}
