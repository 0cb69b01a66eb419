import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, GlobalStyles, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface PrintLayoutProps {
  /** Shown in the toolbar (not printed) and as the document title. */
  title: string;
  children: ReactNode;
  /** Hide the 'Imprimir' button (while loading or on an error). */
  printable?: boolean;
}

/**
 * A print view: a white sheet the width of A4/Letter, no navigation chrome, an 'Imprimir' bar that
 * does not print, and @page margins that suit both paper sizes.
 */
export function PrintLayout({ title, children, printable = true }: PrintLayoutProps) {
  return (
    <>
      <GlobalStyles
        styles={{
          body: { backgroundColor: '#eef1f6' },
          '@page': { size: 'auto', margin: '15mm 14mm 16mm' },
          '@media print': {
            body: { backgroundColor: '#fff' },
            '.no-print': { display: 'none !important' },
          },
        }}
      />
      <Box
        className="no-print"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          px: 2,
          py: 1,
        }}
      >
        <Stack direction="row" spacing={2} sx={{ maxWidth: '210mm', mx: 'auto', alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
          {printable && (
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Imprimir
            </Button>
          )}
        </Stack>
      </Box>
      <Box
        component="main"
        sx={{
          bgcolor: '#fff',
          color: '#111',
          maxWidth: '210mm',
          mx: 'auto',
          my: { xs: 0, sm: 3 },
          p: { xs: 2, sm: '14mm' },
          boxShadow: { xs: 'none', sm: '0 1px 4px rgba(0,0,0,.12)' },
          '@media print': { m: 0, p: 0, maxWidth: 'none', boxShadow: 'none' },
        }}
      >
        {children}
      </Box>
    </>
  );
}
