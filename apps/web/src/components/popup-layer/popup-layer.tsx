import * as Menu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { createContext, type ReactNode, useContext, useState } from 'react';
import tooltipStyles from '../../styles/tooltip.module.css';

/** The landmark (or dialog) that the popups (tooltips, menus) of the controls inside it open in. */
const PopupLayerContext = createContext<HTMLElement | null>(null);

/**
 * A landmark or dialog element, and the popups of the controls inside it: they open inside that
 * element, not at the end of `body`, so an open tooltip or menu is inside a landmark (axe's `region`
 * rule) and shares its element's fate (a popup of the list is inert with it while a detail is open;
 * one of the detail is not). `element: null` keeps them at the end of `body`. Render the element
 * with `ref={setElement}` from `usePopupLayerElement`.
 */
export function PopupLayer({ element, children }: { element: HTMLElement | null; children: ReactNode }) {
  return <PopupLayerContext.Provider value={element}>{children}</PopupLayerContext.Provider>;
}

/** State for a `PopupLayer`'s element: pass the setter as the element's ref. */
export function usePopupLayerElement() {
  return useState<HTMLElement | null>(null);
}

/**
 * The console's one tooltip: the bubble (`styles/tooltip.module.css`), 4 px from its trigger, opened
 * in the nearest `PopupLayer` (the end of `body` outside any). Put it in a `Tooltip.Root` after the
 * `Tooltip.Trigger`.
 */
export function TooltipBubble({ children, testId }: { children: ReactNode; testId?: string }) {
  const container = useContext(PopupLayerContext);
  return (
    <Tooltip.Portal container={container ?? undefined}>
      <Tooltip.Content className={tooltipStyles.bubble} sideOffset={4} data-testid={testId}>
        {children}
      </Tooltip.Content>
    </Tooltip.Portal>
  );
}

/** `DropdownMenu.Portal` into the nearest `PopupLayer` (the end of `body` outside any). */
export function MenuPortal({ children }: { children: ReactNode }) {
  const container = useContext(PopupLayerContext);
  return <Menu.Portal container={container ?? undefined}>{children}</Menu.Portal>;
}
