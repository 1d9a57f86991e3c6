import * as Tooltip from '@radix-ui/react-tooltip';
import { useState } from 'react';
import { TooltipBubble } from '../../../components/index.js';
import { useTooltipOpen } from '../../../hooks/use-tooltip-open.js';
import styles from './store-row.module.css';

export interface StoreNameProps {
  name: string;
  /** The store's app, when it has a safe link: the name opens it. */
  link: string | null;
}

/**
 * The store name, cut with an ellipsis when its column is too narrow. A cut name shows in full in a
 * tooltip on hover, on keyboard focus (a plain name is focusable for that) and on a long press on a
 * touch screen, so every name can be read.
 */
export function StoreName({ name, link }: StoreNameProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const cut = () => element !== null && element.scrollWidth > element.clientWidth;
  const tip = useTooltipOpen(cut);
  return (
    <Tooltip.Root {...tip.root}>
      <Tooltip.Trigger asChild {...tip.trigger}>
        {link ? (
          <a
            ref={setElement}
            className={styles.name}
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="store-name"
          >
            {name}
          </a>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard user reads a cut name's tooltip.
          <span ref={setElement} className={styles.name} tabIndex={0} data-testid="store-name">
            {name}
          </span>
        )}
      </Tooltip.Trigger>
      <TooltipBubble testId="store-name-tooltip">{name}</TooltipBubble>
    </Tooltip.Root>
  );
}
