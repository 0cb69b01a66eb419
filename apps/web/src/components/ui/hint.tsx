import { Box } from '@mui/material';
import type { ReactNode } from 'react';

export interface HintProps {
  /** The text shown under the element while the pointer rests on it or it has the keyboard focus. */
  title: string;
  /** 'end' lines the hint up with the element's right edge (for the last buttons of a bar). */
  align?: 'center' | 'end';
  children: ReactNode;
}

/**
 * A tooltip drawn by CSS alone, for the shell's buttons: MUI's Tooltip brings Popper.js and its transitions into
 * the first screen (about 11 KiB gzip, docs/performance.md). The element keeps its own aria-label; the hint is
 * only visual (aria-hidden pseudo-element).
 */
export function Hint({ title, align = 'center', children }: HintProps) {
  return (
    <Box
      component="span"
      data-hint={title}
      sx={{
        position: 'relative',
        display: 'inline-flex',
        flexShrink: 0,
        '&::after': {
          content: 'attr(data-hint)',
          position: 'absolute',
          top: 'calc(100% + 6px)',
          ...(align === 'end' ? { right: 0 } : { left: '50%', transform: 'translateX(-50%)' }),
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'rgba(97, 97, 97, 0.92)',
          color: 'common.white',
          typography: 'caption',
          fontSize: '0.6875rem',
          fontWeight: 500,
          lineHeight: 1.4,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          zIndex: 'tooltip',
          opacity: 0,
          visibility: 'hidden',
          transition: 'opacity 150ms ease 0ms, visibility 0ms linear 150ms',
        },
        '@media (hover: hover)': {
          '&:hover::after': { opacity: 1, visibility: 'visible', transition: 'opacity 150ms ease 300ms' },
        },
        '&:has(:focus-visible)::after, &:focus-visible::after': {
          opacity: 1,
          visibility: 'visible',
          transition: 'opacity 150ms ease 0ms',
        },
      }}
    >
      {children}
    </Box>
  );
}
