// The three selection filters (SPEC §3: categories, expansions, qualities), shared by the tools'
// "Advanced Filters" panel and the personal filter defaults on /config-personal.
import { CATEGORIES, EXPANSIONS, QUALITIES } from '@goldroute/domain';
import { Dropdown, type DropdownOption } from '../../components/ui';

export interface SelectionValues {
  categories: readonly string[];
  expansions: readonly number[];
  qualities: readonly number[];
}
export type SelectionKey = keyof SelectionValues;
/** What a change reports: the one list that changed. */
export type SelectionPatch = Partial<{ categories: string[]; expansions: number[]; qualities: number[] }>;

const SELECTIONS: readonly {
  key: SelectionKey;
  label: string;
  options: DropdownOption<string | number>[];
}[] = [
  { key: 'categories', label: 'Categories', options: CATEGORIES.map((c) => ({ value: c, label: c })) },
  {
    key: 'expansions',
    label: 'Expansions',
    options: EXPANSIONS.map((e) => ({ value: e.id, label: e.name })),
  },
  { key: 'qualities', label: 'Qualities', options: QUALITIES.map((q) => ({ value: q.id, label: q.name })) },
];

export function SelectionDropdowns({
  values,
  onChange,
}: {
  values: SelectionValues;
  onChange: (patch: SelectionPatch) => void;
}) {
  return SELECTIONS.map(({ key, label, options }) => (
    <Dropdown
      key={key}
      multiple
      label={label}
      options={options}
      values={values[key]}
      // Each list's options carry that list's value type, so what comes back is of that type too.
      onChange={(next) => onChange({ [key]: next } as SelectionPatch)}
    />
  ));
}
