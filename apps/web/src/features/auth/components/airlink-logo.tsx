import { Box } from '@mui/material';

/** The AirLink mark (the same drawing as public/favicon.svg). */
export function AirLinkLogo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="img"
      src="/favicon.svg"
      alt="AirLink"
      width={size}
      height={size}
      sx={{ display: 'inline-block', mb: 1 }}
    />
  );
}
