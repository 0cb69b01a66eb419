import { Box, GlobalStyles } from '@mui/material';
import { useParams } from 'react-router';
import { UnderConstruction } from '../../components/ui/under-construction';

/** The contract print view is built (features/customers); the receipt comes with the payments area. */
export type PrintKind = 'receipt';

const TEXT: Record<PrintKind, { title: string; description: string }> = {
  receipt: {
    title: 'Recibo',
    description:
      'Recibo de pago listo para imprimir: datos de la empresa y del cliente, periodo pagado, monto, lugar de pago y código QR de verificación.',
  },
};

/** /print/receipt/:id: a bare white page, no navigation chrome. */
export function PrintPage({ kind }: { kind: PrintKind }) {
  const { id = '' } = useParams();
  const t = TEXT[kind];
  return (
    <>
      <GlobalStyles styles={{ body: { backgroundColor: '#fff' } }} />
      <Box
        sx={{
          bgcolor: '#fff',
          minHeight: '100dvh',
          p: { xs: 2, sm: 4 },
          maxWidth: 820,
          mx: 'auto',
          '@media print': { p: 0 },
        }}
      >
        <UnderConstruction title={`${t.title} ${id}`} description={t.description} />
      </Box>
    </>
  );
}
