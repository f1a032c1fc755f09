import { Badge } from '../../components/ui/badge';

/** SPEC §9 timer freshness: under 60 minutes green, up to 90 yellow, above red. */
export function FreshnessLegend() {
  return (
    <ul aria-label="Freshness legend" className="flex flex-wrap gap-2 text-xs">
      <li>
        <Badge color="green">under 60 min</Badge>
      </li>
      <li>
        <Badge color="yellow">60 – 90 min</Badge>
      </li>
      <li>
        <Badge color="red">over 90 min</Badge>
      </li>
    </ul>
  );
}
