import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import styles from './toast.module.css';

export type ToastTone = 'error' | 'success' | 'info';
interface ToastItem {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}
interface ToastApi {
  show: (toast: { title: string; description?: string; tone?: ToastTone }) => void;
  error: (title: string, description?: string) => void;
  success: (title: string, description?: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/** Errors and confirmations in plain words, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback<ToastApi['show']>(({ title, description, tone = 'info' }) => {
    const id = nextId++;
    setItems((list) => [...list.slice(-3), { id, title, tone, ...(description ? { description } : {}) }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      error: (title, description) => show({ title, tone: 'error', ...(description ? { description } : {}) }),
      success: (title, description) =>
        show({ title, tone: 'success', ...(description ? { description } : {}) }),
    }),
    [show],
  );
  const remove = (id: number) => setItems((list) => list.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={6000} swipeDirection="right">
        {children}
        {items.map((item) => (
          <RadixToast.Root
            key={item.id}
            className={styles.toast}
            data-tone={item.tone}
            type={item.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) remove(item.id);
            }}
          >
            <div className={styles.body}>
              <RadixToast.Title className={styles.title}>{item.title}</RadixToast.Title>
              {item.description ? (
                <RadixToast.Description className={styles.description}>
                  {item.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close className={styles.close} aria-label="Dismiss">
              <X size={14} aria-hidden />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className={styles.viewport} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
