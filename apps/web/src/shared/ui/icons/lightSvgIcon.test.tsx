import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import MuiGroupIcon from '@mui/icons-material/Group';
import createSvgIcon from './lightSvgIcon.tsx';

const PATH = <path d="M1 1h22v22H1z" />;

describe('light icons (the signed-in start draws its icons without MUI)', () => {
  it('draws what MUI draws: the path in a 24 px view box, hidden from screen readers, with MUI’s test id and classes', () => {
    const Light = createSvgIcon(PATH, 'Square');
    const { container } = render(<Light fontSize="small" className="extra" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.dataset.testid).toBe('SquareIcon');
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M1 1h22v22H1z');
    expect([...svg.classList]).toEqual(['MuiSvgIcon-root', 'MuiSvgIcon-fontSizeSmall', 'bd-icon', 'bd-icon--small', 'extra']);
  });

  it('names itself to screen readers when given a title, as MUI’s titleAccess does', () => {
    const Light = createSvgIcon(PATH, 'Square');
    const { getByRole } = render(<Light titleAccess="Locked" />);
    const svg = getByRole('img', { name: 'Locked' });
    expect(svg).not.toHaveAttribute('aria-hidden');
    expect(svg).toHaveClass('MuiSvgIcon-fontSizeMedium', 'bd-icon--medium');
  });

  it('keeps MUI’s markup for a real icon: same test id, view box and path as @mui/icons-material', () => {
    const { container: mui } = render(<MuiGroupIcon />);
    const muiSvg = mui.querySelector('svg')!;
    const path = muiSvg.querySelector('path')!;
    const Light = createSvgIcon(<path d={path.getAttribute('d')!} />, 'Group');
    const { container } = render(<Light />);
    const lightSvg = container.querySelector('svg')!;
    for (const name of ['viewBox', 'aria-hidden', 'focusable', 'data-testid']) expect(lightSvg.getAttribute(name)).toBe(muiSvg.getAttribute(name));
    expect(lightSvg.innerHTML).toBe(muiSvg.innerHTML);
  });
});
