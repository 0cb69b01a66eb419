import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateText, dayText } from './date-text';

describe('DateText', () => {
  it('shows a calendar date as that date, not the evening before in Mexico City', () => {
    render(<DateText value="2026-11-21" />);
    expect(screen.getByText('21/11/2026')).toHaveAttribute('dateTime', '2026-11-21');
    expect(dayText('2026-11-21')).toBe('21/11/2026');
  });

  it('shows an instant as its date and time in the business time zone', () => {
    render(<DateText value="2026-11-22T02:30:00Z" withTime />);
    expect(screen.getByText('21/11/2026 20:30')).toBeInTheDocument();
  });

  it('shows a dash when empty and the Spanish invalid text when unreadable', () => {
    render(
      <>
        <DateText value={null} />
        <DateText value="nope" />
      </>,
    );
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.getByText('Fecha inválida')).toBeInTheDocument();
  });
});
