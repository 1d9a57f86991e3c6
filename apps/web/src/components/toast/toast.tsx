import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { passEscapeBelow } from '../../lib/escape-below-toasts.js';
import styles from './toast.module.css';
import { UndoCountdown } from './undo-countdown.js';
import { useToastFocusReturn } from './use-toast-focus-return.js';

export type ToastTone = 'error' | 'success' | 'info';
/** A held action the toast offers to undo until `until` (epoch ms). */
export interface ToastUndo {
  until: number;
  onUndo: () => void;
}
interface ToastItem {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
  undo?: ToastUndo;
}
interface ToastApi {
  show: (toast: { title: string; description?: string; tone?: ToastTone }) => void;
  error: (title: string, description?: string) => void;
  success: (title: string, description?: string) => void;
  /** A success with an "Undo" button and its countdown, shown until the window ends. */
  undoable: (title: string, undo: ToastUndo) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/** Errors and confirmations in plain words, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const viewport = useRef<HTMLOListElement>(null);
  useToastFocusReturn(viewport, items.length);
  const add = useCallback((item: Omit<ToastItem, 'id'>) => {
    const id = nextId++;
    setItems((list) => [...list.slice(-3), { id, ...item }]);
  }, []);
  const show = useCallback<ToastApi['show']>(
    ({ title, description, tone = 'info' }) => add({ title, tone, ...(description ? { description } : {}) }),
    [add],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      error: (title, description) => show({ title, tone: 'error', ...(description ? { description } : {}) }),
      success: (title, description) =>
        show({ title, tone: 'success', ...(description ? { description } : {}) }),
      undoable: (title, undo) => add({ title, tone: 'success', undo }),
    }),
    [show, add],
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
            {...(item.undo ? { duration: Math.max(0, item.undo.until - Date.now()) } : {})}
            onOpenChange={(open) => {
              if (!open) remove(item.id);
            }}
            // Escape belongs to the dialog the user is in, not to a toast they never focused.
            onEscapeKeyDown={(event) => {
              if (passEscapeBelow(event)) event.preventDefault();
            }}
          >
            <div className={styles.body}>
              <RadixToast.Title className={styles.title}>{item.title}</RadixToast.Title>
              {item.description ? (
                <RadixToast.Description className={styles.description}>
                  {item.description}
                </RadixToast.Description>
              ) : null}
              {item.undo ? <UndoCountdown until={item.undo.until} /> : null}
            </div>
            {item.undo ? (
              <RadixToast.Action
                className={styles.undo}
                altText="Undo with the Undo button (F8 reaches the notifications)"
                onClick={item.undo.onUndo}
                data-testid="toast-undo"
              >
                Undo
              </RadixToast.Action>
            ) : null}
            <RadixToast.Close className={styles.close} aria-label="Dismiss">
              <X size={14} aria-hidden />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport ref={viewport} className={styles.viewport} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
