import { parseRegion, type Region } from '@goldroute/domain';
import { useParams } from 'react-router';
import { useAuth } from '../lib/auth-store';

/** The region of the open tool page, else the user's saved region, else us. */
export function useCurrentRegion(): Region {
  const params = useParams();
  const { userData } = useAuth();
  const fromRoute = params.selectedRegion ?? params.region;
  if (fromRoute !== undefined) {
    const parsed = parseRegion(fromRoute);
    if (parsed) return parsed;
  }
  return (userData?.region ? parseRegion(userData.region) : null) ?? 'us';
}
