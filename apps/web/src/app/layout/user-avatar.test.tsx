import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../lib/testing/fixtures';
import { initials, UserAvatar } from './user-avatar';

describe('user avatar', () => {
  it('two initials of the name', () => {
    expect(initials('Ana María López')).toBe('AL');
    expect(initials('ana')).toBe('A');
    expect(initials('  ')).toBe('?');
  });

  it('shows the picture, and the initials when it cannot be loaded', () => {
    const user = makeUser(20, { name: 'Ana López', picture: 'https://fotos.example/ana.png' });
    render(<UserAvatar user={user} />);
    const img = screen.getByRole('img', { name: 'Ana López' });
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    fireEvent.error(img);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });
});
