import { act, renderHook } from '@testing-library/react';
import { TYPING_WINDOW_MS } from '@waybill/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypingWindow } from './use-typing-window.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTypingWindow', () => {
  it('is typing from a key press until 5 s pass without another, however long a draft stays', () => {
    const { result } = renderHook(() => useTypingWindow());
    expect(result.current.typing).toBe(false);
    act(() => result.current.keyPressed());
    expect(result.current.typing).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_WINDOW_MS - 1));
    expect(result.current.typing).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.typing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('each key press starts the window again, with one timer at a time', () => {
    const { result } = renderHook(() => useTypingWindow());
    act(() => result.current.keyPressed());
    act(() => vi.advanceTimersByTime(4_000));
    act(() => result.current.keyPressed());
    act(() => result.current.keyPressed());
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(4_000));
    expect(result.current.typing).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.typing).toBe(false);
  });

  it('stops at once when asked, and leaves no timer behind on unmount', () => {
    const { result, unmount } = renderHook(() => useTypingWindow());
    act(() => result.current.keyPressed());
    act(() => result.current.stop());
    expect(result.current.typing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    act(() => result.current.keyPressed());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the injected clock', () => {
    let now = 0;
    const { result } = renderHook(() => useTypingWindow(() => now));
    act(() => result.current.keyPressed());
    // The timer fires at the window's end by the fake timers, but the clock says only 1 s passed.
    now = 1_000;
    act(() => vi.advanceTimersByTime(TYPING_WINDOW_MS));
    expect(result.current.typing).toBe(true);
    now = TYPING_WINDOW_MS;
    act(() => vi.advanceTimersByTime(TYPING_WINDOW_MS));
    expect(result.current.typing).toBe(false);
  });
});
