import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Local time versus warehouse time: one switch in the header, read by every list and detail view. */
export type TimeMode = 'local' | 'warehouse';

const STORAGE_KEY = 'waybill.timeMode';

interface TimeModeValue {
  mode: TimeMode;
  setMode: (mode: TimeMode) => void;
}

const TimeModeContext = createContext<TimeModeValue | null>(null);

function readStored(): TimeMode {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'warehouse' ? 'warehouse' : 'local';
  } catch {
    return 'local';
  }
}

export function TimeModeProvider({ children, initial }: { children: ReactNode; initial?: TimeMode }) {
  const [mode, setModeState] = useState<TimeMode>(() => initial ?? readStored());
  const setMode = useCallback((next: TimeMode) => {
    setModeState(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode or blocked storage: the switch still works for this tab.
    }
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <TimeModeContext.Provider value={value}>{children}</TimeModeContext.Provider>;
}

export function useTimeMode(): TimeModeValue {
  const value = useContext(TimeModeContext);
  if (!value) throw new Error('useTimeMode must be used inside <TimeModeProvider>');
  return value;
}
