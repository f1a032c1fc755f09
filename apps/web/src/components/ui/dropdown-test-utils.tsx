// Dropdowns in a single and a multiple form with their own state, and finders, shared by the dropdown tests.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Dropdown, type DropdownOption } from './dropdown';

export const qualities: DropdownOption<number>[] = [
  { value: 1, label: 'Common' },
  { value: 2, label: 'Uncommon' },
  { value: 3, label: 'Rare' },
  { value: 4, label: 'Epic' },
];

/** n options named "Realm 1" .. "Realm n". */
export function realms(n: number): DropdownOption<number>[] {
  return Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `Realm ${i + 1}` }));
}

export function Single({
  options = qualities,
  initial = null,
  onChange = () => {},
  searchable,
  disabled,
}: {
  options?: DropdownOption<number>[];
  initial?: number | null;
  onChange?: (value: number | null) => void;
  searchable?: boolean;
  disabled?: boolean;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <button type="button">Elsewhere</button>
      <Dropdown
        label="Quality"
        options={options}
        value={value}
        searchable={searchable}
        disabled={disabled}
        placeholder="Pick a quality"
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

export function Multi({
  options = qualities,
  initial = [],
  onChange = () => {},
}: {
  options?: DropdownOption<number>[];
  initial?: number[];
  onChange?: (values: number[]) => void;
}) {
  const [values, setValues] = useState<number[]>(initial);
  return (
    <Dropdown
      multiple
      label="Buying realms"
      options={options}
      values={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

export const trigger = () => screen.getByRole('combobox', { name: /Quality|Buying realms/ });
export const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
