import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Clicks a control wrapped in LazyTooltip as a person does: the pointer rests on it until its tooltip opens, then it
 * presses. LazyTooltip draws the control anew once the pointer has rested on it (components/ui/lazy-tooltip.tsx),
 * and userEvent's click holds the element it was given from its hover to its press: on a busy machine the rest could
 * end between the two, and the press reach the element just taken out of the page. `find` is asked again for the
 * control the tooltip now wraps.
 */
export async function clickWithTooltip(find: () => HTMLElement | Promise<HTMLElement>): Promise<void> {
  await userEvent.hover(await find());
  await screen.findByRole('tooltip');
  await userEvent.click(await find());
}
