import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StickyTotalsBar, pageRemainingBelow } from './sticky-totals-bar';

let pageHeight = 3000;
const root = document.documentElement;
const saved = {
  scrollHeight: Object.getOwnPropertyDescriptor(root, 'scrollHeight'),
  scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY'),
  innerHeight: Object.getOwnPropertyDescriptor(window, 'innerHeight'),
};

/** Puts back an own property as it was (or removes it when it was inherited). */
function restore(target: object, key: string, descriptor: PropertyDescriptor | undefined) {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}
const frames: FrameRequestCallback[] = [];

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function runFrames() {
  act(() => {
    for (const frame of frames.splice(0)) frame(0);
  });
}

beforeEach(() => {
  pageHeight = 3000;
  frames.length = 0;
  Object.defineProperty(root, 'scrollHeight', { configurable: true, get: () => pageHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  restore(root, 'scrollHeight', saved.scrollHeight);
  restore(window, 'scrollY', saved.scrollY);
  restore(window, 'innerHeight', saved.innerHeight);
});

const bar = () => screen.getByRole('region', { name: 'Totals' });

describe('StickyTotalsBar', () => {
  it('measures the page left below the viewport', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
    expect(pageRemainingBelow()).toBe(700);
  });

  it('is sticky at the bottom while more than 200 px of page remain below', () => {
    render(<StickyTotalsBar>Total Investment: 1,234g</StickyTotalsBar>);
    expect(bar()).toHaveTextContent('Total Investment: 1,234g');
    expect(bar()).toHaveAttribute('data-sticky', 'true');
    expect(bar()).toHaveClass('sticky', 'bottom-0');
  });

  it('drops into the flow at exactly 200 px left and sticks again above', () => {
    render(<StickyTotalsBar>Totals</StickyTotalsBar>);
    scrollTo(2000); // 3000 - 2800 = 200 left
    expect(bar()).toHaveAttribute('data-sticky', 'true'); // not measured before the frame
    runFrames();
    expect(bar()).toHaveAttribute('data-sticky', 'false');
    expect(bar()).not.toHaveClass('sticky');
    scrollTo(1999); // 201 left
    runFrames();
    expect(bar()).toHaveAttribute('data-sticky', 'true');
    expect(bar()).toHaveClass('sticky');
  });

  it('measures at most once per animation frame', () => {
    render(<StickyTotalsBar>Totals</StickyTotalsBar>);
    scrollTo(100);
    scrollTo(200);
    scrollTo(300);
    expect(frames).toHaveLength(1);
  });

  it('re-measures on resize', () => {
    render(<StickyTotalsBar>Totals</StickyTotalsBar>);
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 2900 });
    window.dispatchEvent(new Event('resize'));
    runFrames();
    expect(bar()).toHaveAttribute('data-sticky', 'false');
  });

  it('sits in the flow from the start on a short page', () => {
    pageHeight = 900;
    render(<StickyTotalsBar>Totals</StickyTotalsBar>);
    expect(bar()).toHaveAttribute('data-sticky', 'false');
  });

  it('stops listening when unmounted', () => {
    const { unmount } = render(<StickyTotalsBar>Totals</StickyTotalsBar>);
    unmount();
    scrollTo(500);
    expect(frames).toHaveLength(0);
  });
});
