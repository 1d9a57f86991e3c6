import styles from './app-footer.module.css';

export interface GatewayBuild {
  version: string;
  commit: string;
}

/** Which gateway release answers, to quote in a support request (nothing from an older gateway). */
export function AppFooter({ gateway }: { gateway: GatewayBuild | undefined }) {
  if (!gateway) return null;
  return (
    <footer className={styles.footer}>
      Waybill {gateway.version} · {gateway.commit}
    </footer>
  );
}
