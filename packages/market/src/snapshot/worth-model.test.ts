import { describe, expect, it } from 'vitest';
import {
  blendedWorth,
  fitWorthModel,
  MODEL_WEIGHT_REALMS,
  type VariantFeatures,
  VariantTraits,
} from './worth-model';

const traitsOf = (features: VariantFeatures[]) =>
  new VariantTraits(features.length, (v) => features[v] as VariantFeatures);

const gear = (itemLevel: number, extra: Partial<VariantFeatures> = {}): VariantFeatures => ({
  isPet: false,
  itemLevel,
  qualityId: 3,
  sockets: 0,
  tertiaryStats: [],
  ...extra,
});

/** A region where every item's variants follow one rule: 0.6% a level, x1.4 a socket, x1.45 Leech. */
function region(): { itemOf: Int32Array; features: VariantFeatures[]; truth: number[] } {
  const features: VariantFeatures[] = [];
  const itemOf: number[] = [];
  const truth: number[] = [];
  for (let item = 0; item < 40; item++) {
    const base = 1000 * (1 + item);
    const variants = [
      gear(400),
      gear(420),
      gear(440, { sockets: 1 }),
      gear(410, { tertiaryStats: ['Leech'] }),
      gear(450),
    ];
    for (const f of variants) {
      features.push(f);
      itemOf.push(item);
      const factor =
        Math.exp(0.006 * (f.itemLevel - 400)) * (f.sockets ? 1.4 : 1) * (f.tertiaryStats.length ? 1.45 : 1);
      truth.push(base * factor);
    }
  }
  return { itemOf: Int32Array.from(itemOf), features, truth };
}

describe('fitWorthModel', () => {
  it('learns what item level, a socket and a tertiary stat add, and predicts a variant nobody lists', () => {
    const { itemOf, features, truth } = region();
    // Every worth a little off, as listings are; the last item's 450 variant is listed nowhere.
    const worth = truth.map((w, v) => w * (1 + 0.03 * Math.sin(v * 7.1)));
    const hidden = worth.length - 1;
    worth[hidden] = 0;
    const realms = worth.map(() => 5);
    const model = fitWorthModel(itemOf, traitsOf(features), worth, realms);
    expect(model.effects[0]).toBeCloseTo(0.006, 3);
    expect(Math.exp(model.effects[1] as number)).toBeCloseTo(1.4, 1);
    expect(Math.exp(model.effects[4] as number)).toBeCloseTo(1.45, 1);
    const predicted = Math.exp(model.predictedLog[hidden] as number);
    expect(predicted / (truth[hidden] as number)).toBeGreaterThan(0.95);
    expect(predicted / (truth[hidden] as number)).toBeLessThan(1.05);
  });

  it('is not pulled by a variant whose only listing is a dead one at 5x', () => {
    const { itemOf, features, truth } = region();
    const worth = [...truth];
    worth[2] = (truth[2] as number) * 5;
    const realms = worth.map((_, v) => (v === 2 ? 1 : 6));
    const model = fitWorthModel(itemOf, traitsOf(features), worth, realms);
    const predicted = Math.exp(model.predictedLog[2] as number);
    expect(predicted / (truth[2] as number)).toBeGreaterThan(0.9);
    expect(predicted / (truth[2] as number)).toBeLessThan(1.1);
    // Blended with its one realm, the dead price moves the worth only part of the way.
    const blended = blendedWorth(worth[2] as number, 1, model.predictedLog[2] as number);
    expect(blended / (truth[2] as number)).toBeCloseTo(5 ** (1 / (1 + MODEL_WEIGHT_REALMS)), 1);
  });

  it("learns a caged pet's level 25 and quality apart from equipment's features", () => {
    const pet = (level: number, qualityId: number): VariantFeatures => ({
      isPet: true,
      itemLevel: level,
      qualityId,
      sockets: 0,
      tertiaryStats: [],
    });
    const features: VariantFeatures[] = [];
    const itemOf: number[] = [];
    const worth: number[] = [];
    for (let species = 0; species < 20; species++) {
      for (const [level, quality] of [
        [1, 3],
        [25, 3],
        [1, 2],
        [12, 3],
      ] as const) {
        features.push(pet(level, quality));
        itemOf.push(species);
        worth.push(500 * (species + 1) * (level === 25 ? 1.6 : 1) * (quality === 3 ? 1 : 0.6));
      }
    }
    const model = fitWorthModel(
      Int32Array.from(itemOf),
      traitsOf(features),
      worth,
      worth.map(() => 4),
    );
    expect(Math.exp(model.effects[8] as number)).toBeCloseTo(1.6, 2);
    expect(Math.exp(model.effects[9] as number)).toBeCloseTo(1 / 0.6, 2);
    // A level-12 pet is priced as a level-1 one: only level 25 counts.
    expect(Math.exp((model.predictedLog[3] as number) - (model.predictedLog[0] as number))).toBeCloseTo(1, 3);
    expect(model.effects[0]).toBe(0);
  });

  it('leaves an item with no known worth unpredicted, and a worth without a prediction as it is', () => {
    const itemOf = Int32Array.from([0, 0]);
    const features = [gear(400), gear(420)];
    const model = fitWorthModel(itemOf, traitsOf(features), [0, 0], [0, 0]);
    expect(Number.isNaN(model.predictedLog[0])).toBe(true);
    expect(blendedWorth(1234, 3, Number.NaN)).toBe(1234);
    expect(blendedWorth(0, 0, Math.log(500))).toBeCloseTo(500, 6);
  });
});
