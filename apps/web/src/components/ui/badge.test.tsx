import { BADGE_COLORS } from '@goldroute/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it.each(BADGE_COLORS)('renders the %s colour of SPEC §2', (color) => {
    render(<Badge color={color}>{`Pop ${color}`}</Badge>);
    expect(screen.getByText(`Pop ${color}`)).toHaveAttribute('data-color', color);
  });

  it('is gray by default and each colour has its own classes', () => {
    render(<Badge>Default</Badge>);
    expect(screen.getByText('Default')).toHaveAttribute('data-color', 'gray');
    const classes = BADGE_COLORS.map((color) => {
      const { container } = render(<Badge color={color}>x</Badge>);
      return (container.firstElementChild as HTMLElement).className;
    });
    expect(new Set(classes).size).toBe(BADGE_COLORS.length);
  });
});
