import { labelFileName, labelPath, type Order, type OrderLabel } from '@waybill/contracts';
import type { ReactNode } from 'react';
import { useFileDownload } from '../../hooks/use-file-download.js';

export interface LabelLinkProps {
  order: Pick<Order, 'uid' | 'reference'>;
  label: Pick<OrderLabel, 'shipment' | 'box'>;
  className?: string | undefined;
  'aria-label': string;
  title?: string;
  children: ReactNode;
}

/**
 * A shipping label's PDF link: fetched from the gateway (which reads it from the backend as the
 * signed-in user) and saved as "label-{reference}-{shipment}-{box}.pdf"; a failure says "Download
 * failed". The href stays a real address, so opening it in a new tab works too.
 */
export function LabelLink({ order, label, children, ...rest }: LabelLinkProps) {
  const download = useFileDownload();
  const fileName = labelFileName(order, label);
  return (
    <a
      href={labelPath(order.uid, label)}
      download={fileName}
      onClick={(e) => download(e, fileName)}
      {...rest}
    >
      {children}
    </a>
  );
}
