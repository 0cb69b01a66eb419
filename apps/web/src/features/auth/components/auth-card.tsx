import { Box, Card, CardContent } from '@mui/material';
import { type ReactNode } from 'react';
import { AirLinkLogo } from './airlink-logo';

/** The centred card of the sign-in pages. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: (t) =>
          `linear-gradient(160deg, ${t.palette.primary.dark} 0%, ${t.palette.primary.main} 55%, #3f6fd8 100%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 480, borderRadius: 3 }} elevation={8}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <AirLinkLogo size={56} />
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
