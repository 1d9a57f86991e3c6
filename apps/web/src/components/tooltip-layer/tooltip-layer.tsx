import * as Tooltip from '@radix-ui/react-tooltip';
import { createContext, type ReactNode, useContext, useState } from 'react';

/** The landmark (or dialog) that the tooltips of the controls inside it are portalled into. */
const TooltipLayerContext = createContext<HTMLElement | null>(null);

/**
 * A landmark or dialog element, and the tooltips inside it: they open inside that element, not at the
 * end of `body`, so an open tooltip is inside a landmark (axe's `region` rule) and shares its
 * element's fate (a tooltip of the list is inert with it while a detail is open; one of the detail
 * is not). Render the element with `ref={setElement}` from `useTooltipLayerElement`.
 */
export function TooltipLayer({ element, children }: { element: HTMLElement | null; children: ReactNode }) {
  return <TooltipLayerContext.Provider value={element}>{children}</TooltipLayerContext.Provider>;
}

/** State for a `TooltipLayer`'s element: pass the setter as the element's ref. */
export function useTooltipLayerElement() {
  return useState<HTMLElement | null>(null);
}

/** `Tooltip.Portal` into the nearest `TooltipLayer` (the end of `body` outside any). */
export function TooltipPortal({ children }: { children: ReactNode }) {
  const container = useContext(TooltipLayerContext);
  return <Tooltip.Portal container={container ?? undefined}>{children}</Tooltip.Portal>;
}
