import * as Menu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MenuPortal, PopupLayer, TooltipBubble, usePopupLayerElement } from './popup-layer.js';

/** A `main` that is a popup layer, as the signed-in shell renders it. */
function Main({ children }: { children: ReactNode }) {
  const [element, setElement] = usePopupLayerElement();
  return (
    <main ref={setElement}>
      <PopupLayer element={element}>{children}</PopupLayer>
    </main>
  );
}

function OpenTooltip({ text }: { text: string }) {
  return (
    <Tooltip.Provider>
      <Tooltip.Root open>
        <Tooltip.Trigger>trigger</Tooltip.Trigger>
        <TooltipBubble testId="bubble">{text}</TooltipBubble>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

function OpenMenu() {
  return (
    <Menu.Root open modal={false}>
      <Menu.Trigger>menu</Menu.Trigger>
      <MenuPortal>
        <Menu.Content aria-label="Actions">
          <Menu.Item>One</Menu.Item>
        </Menu.Content>
      </MenuPortal>
    </Menu.Root>
  );
}

describe('popups open in the nearest PopupLayer', () => {
  it('puts an open tooltip and an open menu inside the layer element (main)', async () => {
    render(
      <Main>
        <OpenTooltip text="Whole name" />
        <OpenMenu />
      </Main>,
    );
    const bubble = await screen.findByTestId('bubble');
    expect(bubble.textContent).toBe('Whole name');
    expect(bubble.closest('main')).not.toBeNull();
    expect((await screen.findByRole('menu')).closest('main')).not.toBeNull();
  });

  it('keeps them at the end of body under a layer of null, as a modal does', async () => {
    const { container } = render(
      <Main>
        <PopupLayer element={null}>
          <OpenTooltip text="In a modal" />
        </PopupLayer>
      </Main>,
    );
    const bubble = await screen.findByTestId('bubble');
    expect(container.contains(bubble)).toBe(false);
    expect(document.body.contains(bubble)).toBe(true);
  });
});
