import type { TradeItem } from '@goldroute/domain';
import { useCallback, useMemo } from 'react';
import { useAuth } from '../../lib/auth-store';
import { useFavoriteMutation } from '../../shared/market/api';

/** The user's favourites as a set, and the star toggle (ADD when not a favourite, DELETE when it is). */
export function useFavorites() {
  const { userData } = useAuth();
  const list = userData?.favorites;
  const favorites = useMemo<ReadonlySet<string>>(() => new Set(list ?? []), [list]);
  const mutation = useFavoriteMutation();
  const { mutate } = mutation;
  const toggle = useCallback(
    (item: TradeItem) =>
      mutate({
        uniqueItemKey: item.uniqueItemKey,
        action: favorites.has(item.uniqueItemKey) ? 'DELETE' : 'ADD',
      }),
    [favorites, mutate],
  );
  const pending = mutation.isPending ? (mutation.variables?.uniqueItemKey ?? null) : null;
  return { favorites, toggle, pending };
}
