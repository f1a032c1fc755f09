import { describe, expect, it } from 'vitest';
import { toolMenu } from './tool-menu';

describe('toolMenu', () => {
  it('adds Administration (Cache stats, Gold subscription) for admins only', () => {
    const forAdmin = toolMenu('eu', true).groups;
    expect(forAdmin.map((group) => group.label)).toEqual(['Tools', 'Configuration', 'Administration']);
    expect(forAdmin[2]?.items).toEqual([
      { label: 'Cache stats', to: '/admin/stats' },
      { label: 'Gold subscription', to: '/admin/gold' },
    ]);
    expect(toolMenu('eu', false).groups.map((group) => group.label)).toEqual(['Tools', 'Configuration']);
  });
});
