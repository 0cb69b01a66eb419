import { Box, Stack } from '@mui/material';
import { PageHeader } from '../../../components/ui/page-header';
import { ReminderSettingsCard } from '../components/reminder-settings-form';
import { RemindersList } from '../components/reminders-list';

/** 'Recordatorios de pago' (issue 15, level 20): the settings and template, and the queue with its history. */
export function RemindersPage() {
  return (
    <Box>
      <PageHeader
        title="Recordatorios de pago"
        subtitle="Mensajes de WhatsApp antes de la fecha de corte, desde la instancia de Cobranza."
      />
      <Stack spacing={3}>
        <ReminderSettingsCard />
        <RemindersList />
      </Stack>
    </Box>
  );
}
