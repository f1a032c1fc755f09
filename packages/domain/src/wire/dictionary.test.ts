import { describe, expect, it } from 'vitest';
import { DictBuilder } from './dictionary';

const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

function namesDict(names: readonly string[]): DictBuilder<string> {
  const dict = new DictBuilder<string>((name) => name.toLowerCase());
  for (const name of names) dict.code(name, name);
  return dict;
}

describe('a dictionary prepared in steps', () => {
  const names = Array.from({ length: 23 }, (_, i) => `${i % 2 ? 'b' : 'A'} item "${22 - i}"`);

  it('takes one step per `perStep` values and then writes the same whole text as without steps', () => {
    const prepared = namesDict(names);
    const steps = [...prepared.prepareSteps(5)].length;
    expect(steps).toBe(4);
    const plain = namesDict(names).json();
    const whole = prepared.json();
    expect(decode(whole.json)).toEqual(decode(plain.json));
    expect(whole.map).toEqual(plain.map);
    expect((decode(whole.json) as string[]).slice(0, 2)).toEqual(['A item "0"', 'A item "10"']);
  });

  it('takes values added after the steps into the whole text too', () => {
    const dict = namesDict(names.slice(0, 10));
    for (const _ of dict.prepareSteps(3));
    dict.code('a late one', 'a late one');
    expect(decode(dict.json().json)).toContain('a late one');
  });
});
