import { Suspense, lazy, type ComponentType } from 'react';
import { LoadingScreen } from '../components/loading-screen';

/** A route screen whose code arrives on first visit; preload() fetches it ahead of that. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen fetched on its first visit, so the landing and sign-in pages do not download the tools,
 * settings and admin code. The route's layout and guards stay in the main bundle and render at once
 * (a visitor is redirected before any screen code loads); only the page body shows the loading screen
 * while its chunk arrives. A chunk that fails to load throws to the route's error screen.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyScreen {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return loaded;
    });
  // A screen already fetched is handed to React as an already-settled thenable, which React.lazy reads
  // in the same render: no loading-screen flash for code the browser already has.
  const Screen = lazy(() =>
    loaded ? settled({ default: loaded }) : preload().then((component) => ({ default: component })),
  );
  function LazyScreenBoundary() {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    );
  }
  LazyScreenBoundary.displayName = `Lazy(${name})`;
  LazyScreenBoundary.preload = preload;
  return LazyScreenBoundary;
}

// Typed as a Promise because React.lazy's signature asks for one; React only ever calls then() on it.
function settled<T>(value: T): Promise<T> {
  const thenable = {
    then: (onFulfilled?: ((value: T) => unknown) | null) => {
      onFulfilled?.(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}
