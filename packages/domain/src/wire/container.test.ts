import { describe, expect, it } from 'vitest';
import { readContainer, writeContainer, type ColumnSpec, type ContainerHeader } from './container';

const roundTrip = (values: number[], range?: { min: number; max: number; nulls: boolean }) => {
  const column = { name: 'c', values: Float64Array.from(values), ...(range ? { range } : {}) };
  const c = readContainer<ContainerHeader>(writeContainer('{}', [column]));
  return { spec: c.header.columns[0] as ColumnSpec, back: [...c.numbers('c', values.length)] };
};

describe('the compact container', () => {
  it('gives back integers beyond 32 bits, negative ones and nulls exactly, in a low and a high block', () => {
    const values = [0, 1, 2 ** 32, 2 ** 32 + 7, -1, -(2 ** 32) - 3, 2 ** 52 + 1, -(2 ** 52) - 1, NaN, 12_345];
    const { spec, back } = roundTrip(values);
    expect(spec).toEqual({ name: 'c', type: 'u32', length: values.length, high: true, nulls: true });
    expect(back).toEqual(values);
  });

  it('stores each column in the smallest block that holds it, and anything not a safe integer as f64', () => {
    expect(roundTrip([0, 255]).spec.type).toBe('u8');
    expect(roundTrip([-1, 127]).spec.type).toBe('i8');
    expect(roundTrip([0, 65_535, NaN]).spec).toMatchObject({ type: 'u16', nulls: true });
    expect(roundTrip([-40_000, 5]).spec.type).toBe('i32');
    expect(roundTrip([NaN, NaN]).spec).toMatchObject({ type: 'u8', nulls: true });
    const floats = roundTrip([1.5, NaN, 2 ** 60]);
    expect(floats.spec).toEqual({ name: 'c', type: 'f64', length: 3 });
    expect(floats.back).toEqual([1.5, NaN, 2 ** 60]);
  });

  it('takes a header in parts, text and UTF-8 bytes, and writes a column of zeros without reading it', () => {
    const bytes = writeContainer(
      ['{"a":', new TextEncoder().encode('["Łódź","名前"]'), ',"b":1}'],
      [
        { name: 'z', values: Float64Array.from([0, 0, 0]), range: { min: 0, max: 0, nulls: false } },
        { name: 'c', values: Float64Array.from([5, 6, 7]) },
      ],
    );
    const c = readContainer<ContainerHeader & { a: string[]; b: number }>(bytes);
    expect(c.header).toMatchObject({ a: ['Łódź', '名前'], b: 1 });
    expect([...c.numbers('z', 3)]).toEqual([0, 0, 0]);
    expect([...c.numbers('c', 3)]).toEqual([5, 6, 7]);
    expect(() => writeContainer(['{"a":', new Uint8Array(1)], [])).toThrow(/not a JSON object/);
  });

  it('takes the range a writer gives instead of reading the column, with the same result', () => {
    const values = [3, 0, NaN, 200];
    expect(roundTrip(values, { min: 0, max: 200, nulls: true })).toEqual(roundTrip(values));
  });
});
