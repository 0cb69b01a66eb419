import { Box, Stack } from '@mui/material';
import { PageHeader } from '../../../components/ui/page-header';
import { ExpenseForm } from '../components/expense-form';
import { ExpenseList } from '../components/expense-list';

/**
 * Gastos (/dashboard/gastos, level 16; docs/business-rules.md "Screens"): the form to record an expense and, below it, the
 * expenses recorded, filtered on the server.
 */
export function ExpensesPage() {
  return (
    <Box>
      <PageHeader
        title="Gastos"
        subtitle="Registra lo que sale de las oficinas y de las cuentas del banco, y consulta lo registrado."
      />
      <Stack spacing={2.5}>
        <ExpenseForm />
        <ExpenseList />
      </Stack>
    </Box>
  );
}
