import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, GlobalStyles, Stack, Typography } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/** The printed page: CSS `@page` size and margin. */
export interface PrintPageSetup {
  /** e.g. 'auto', 'letter', '80mm 210mm', '8.5in 5.5in'. */
  size: string;
  margin: string;
}

export interface PrintLayoutProps {
  /** Shown in the toolbar (not printed) and as the document title. */
  title: string;
  children: ReactNode;
  /** Hide the 'Imprimir' button (while loading or on an error). */
  printable?: boolean;
  /** The paper: A4/Letter with comfortable margins unless a view asks for another (a ticket). */
  page?: PrintPageSetup;
  /** Width of the sheet on screen (the paper's width): '210mm' by default. */
  sheetWidth?: string;
  /** Inner margin of the sheet on screen (the printed page gets `page.margin` instead). */
  sheetPadding?: string;
  /** Lowest height of the sheet on screen, to show where the paper ends (not printed). */
  sheetMinHeight?: string;
  /** More controls in the toolbar, before 'Imprimir' (not printed). */
  actions?: ReactNode;
  /** Reaches the sheet (a view may measure it). */
  sheetRef?: Ref<HTMLElement>;
}

const DEFAULT_PAGE: PrintPageSetup = { size: 'auto', margin: '15mm 14mm 16mm' };

/**
 * A print view: a white sheet the width of the paper, no navigation chrome, an 'Imprimir' bar that
 * does not print, and @page settings (A4/Letter by default; a view can ask for a ticket or half letter).
 */
export function PrintLayout({
  title,
  children,
  printable = true,
  page = DEFAULT_PAGE,
  sheetWidth = '210mm',
  sheetPadding = '14mm',
  sheetMinHeight,
  actions,
  sheetRef,
}: PrintLayoutProps) {
  return (
    <>
      <GlobalStyles
        styles={{
          body: { backgroundColor: '#eef1f6' },
          '@page': { size: page.size, margin: page.margin },
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
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ maxWidth: `max(${sheetWidth}, 210mm)`, mx: 'auto', alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
          {actions}
          {printable && (
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Imprimir
            </Button>
          )}
        </Stack>
      </Box>
      <Box
        component="main"
        ref={sheetRef}
        sx={{
          bgcolor: '#fff',
          color: '#111',
          maxWidth: sheetWidth,
          mx: 'auto',
          my: { xs: 0, sm: 3 },
          p: { xs: 2, sm: sheetPadding },
          boxShadow: { xs: 'none', sm: '0 1px 4px rgba(0,0,0,.12)' },
          '@media screen': sheetMinHeight ? { minHeight: sheetMinHeight } : {},
          '@media print': { m: 0, p: 0, maxWidth: 'none', boxShadow: 'none' },
        }}
      >
        {children}
      </Box>
    </>
  );
}
