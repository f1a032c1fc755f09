import { describe, expect, it } from 'vitest';
import type { Config } from './filters';
import { SYSTEM_DEFAULT_FILTERS, configToFilters, filtersToConfig } from './filters';
import { SYSTEM_TOOL_OPENING, toolOpeningOf, type ToolOpening } from './tool-opening';

describe('toolOpeningOf: how the deal tools open, from the saved config', () => {
  it('opens on Expected Profit with the export showing every row when nothing is saved', () => {
    const expected: ToolOpening = { dealSort: 'realisticProfit', exportHighConfidenceOnly: false };
    expect(SYSTEM_TOOL_OPENING).toEqual(expected);
    expect(toolOpeningOf(null)).toEqual(expected);
    expect(toolOpeningOf(undefined)).toEqual(expected);
    // A config saved before these choices existed.
    expect(toolOpeningOf(filtersToConfig(SYSTEM_DEFAULT_FILTERS))).toEqual(expected);
  });

  it('reads the saved sort and export choice', () => {
    const config: Config = {
      ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
      dealSort: 'sellVsBuy',
      exportHighConfidenceOnly: true,
    };
    expect(toolOpeningOf(config)).toEqual({ dealSort: 'sellVsBuy', exportHighConfidenceOnly: true });
  });

  it('falls back to the default for a value this version does not know', () => {
    const unknown = { dealSort: 'name', exportHighConfidenceOnly: 'yes' } as unknown as Config;
    expect(toolOpeningOf(unknown)).toEqual(SYSTEM_TOOL_OPENING);
  });

  it('leaves the filters alone: the choices hide no deal', () => {
    const config: Config = {
      ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
      dealSort: 'sellVsBuy',
      exportHighConfidenceOnly: true,
    };
    expect(configToFilters(config)).toEqual(SYSTEM_DEFAULT_FILTERS);
  });
});
