import { canDo, idParamSchema, type Contract } from '@airlink/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import { Box, Button, Card, CardContent, Paper, Skeleton, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { CustomerVisitsTab, VisitDialog } from '../../agenda';
import { PaymentDialog, usePendingMovementsRefresh } from '../../payments';
import { CustomerSupportTab, SupportTicketDialog } from '../../support';
import { RadioStatsTab, RadioStatusNote, useRadioReading } from '../../network-stats';
import { useContractNetworkLive } from '../api/contract-network-live';
import { NetworkStateAlert } from '../components/network-state-alert';
import { useCustomerPaid } from '../api/customer-paid';
import { useContract } from '../api/get-contract';
import { AuthorizeContractDialog } from '../components/authorize-contract-dialog';
import { CancelContractDialog } from '../components/cancel-contract-dialog';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { CustomerActions, type CustomerAction } from '../components/customer-actions';
import { CustomerAlerts } from '../components/customer-alerts';
import { CustomerHeader } from '../components/customer-header';
import { CustomerLogsTab } from '../components/customer-logs-tab';
import { CustomerPaymentsTab } from '../components/customer-payments-tab';
import { CutServiceDialog } from '../components/cut-service-dialog';
import { LogEntryDialog } from '../components/log-entry-dialog';
import { NetworkTiles } from '../components/network-tiles';
import { dayText } from '../../../components/ui/date-text';

const TABS = [
  { key: 'pagos', label: 'Pagos' },
  { key: 'soporte', label: 'Soporte' },
  { key: 'registro', label: 'Registro' },
  { key: 'estadisticas', label: 'Estadísticas' },
  { key: 'visitas', label: 'Visitas' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const isTab = (v: string | null): v is TabKey => TABS.some((t) => t.key === v);

function BackToCustomers() {
  return (
    <Button component={RouterLink} to="/dashboard/clientes" variant="contained" startIcon={<ArrowBackIcon />}>
      Ir a Clientes
    </Button>
  );
}

function NoCustomer({ title, description }: { title: string; description: string }) {
  return (
    <Card>
      <EmptyState
        icon={<PersonSearchOutlinedIcon sx={{ fontSize: 56 }} />}
        title={title}
        description={description}
        action={<BackToCustomers />}
      />
    </Card>
  );
}

function PanelSkeleton() {
  return (
    <Stack spacing={2} aria-label="Cargando cliente">
      <CardSkeleton lines={4} />
      <Skeleton variant="rounded" height={40} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Box>
    </Stack>
  );
}

type Dialog = CustomerAction | null;

function Panel({ contract }: { contract: Contract }) {
  const { level } = useSession();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'pagos';
  const close = () => setDialog(null);
  const customerPaid = useCustomerPaid();
  const radio = useRadioReading(contract.mac);
  useContractNetworkLive(contract);
  // Pending bank movements stay loaded for the payment dialog, refreshed every 15 minutes.
  usePendingMovementsRefresh(canDo(level, 'payments.register') && canDo(level, 'finance.bank'));

  const chooseTab = (next: TabKey) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'pagos') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  const customerRef = { id: contract.id, nombre: contract.nombre, telefono: contract.telefono };

  return (
    <Box>
      <CustomerHeader contract={contract} />
      <CustomerAlerts contract={contract} />
      <NetworkStateAlert contract={contract} />
      <CustomerActions contract={contract} level={level} onAction={setDialog} />
      <NetworkTiles
        values={{ ...(radio.status === 'ok' ? radio.tiles : {}), endDate: dayText(contract.fechaFin) }}
        loading={radio.status === 'loading'}
      />
      <RadioStatusNote reading={radio} />

      <Paper variant="outlined" sx={{ mt: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: TabKey) => chooseTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Información del cliente"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`tab-${t.key}`} aria-controls={`tabpanel-${t.key}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: { xs: 1, sm: 2 } }}>
          {tab === 'pagos' && <CustomerPaymentsTab customerId={contract.id} phone={contract.telefono} />}
          {tab === 'soporte' && <CustomerSupportTab customerId={contract.id} />}
          {tab === 'registro' && <CustomerLogsTab customerId={contract.id} />}
          {tab === 'estadisticas' && <RadioStatsTab mac={contract.mac} />}
          {tab === 'visitas' && <CustomerVisitsTab customerId={contract.id} />}
        </Box>
      </Paper>

      {dialog === 'pago' && (
        <PaymentDialog contract={contract} onClose={close} onRegistered={() => void customerPaid(contract.id)} />
      )}
      {dialog === 'editar' && <ContractFormDialog contract={contract} onClose={close} />}
      {dialog === 'registro' && <LogEntryDialog customer={contract} onClose={close} />}
      {dialog === 'cortar' && <CutServiceDialog contract={contract} onClose={close} />}
      {dialog === 'cancelar' && <CancelContractDialog contract={contract} onClose={close} />}
      {dialog === 'autorizar' && <AuthorizeContractDialog contract={contract} onClose={close} />}
      {/* Mounted only while open, as the dialogs above: closed, they were two forms rendered before the content. */}
      {dialog === 'soporte' && <SupportTicketDialog open onClose={close} customer={customerRef} />}
      {dialog === 'visita' && <VisitDialog open onClose={close} customer={customerRef} />}
    </Box>
  );
}

/**
 * The customer panel, /dashboard/profile?id=<id> (docs/business-rules.md "Screens"): reload-safe, the id is in the
 * address. Header, alerts, actions by level, the radio's tiles and the tabs.
 */
export function CustomerPanelPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const parsed = raw === null ? null : idParamSchema.safeParse(raw);
  const id = parsed?.success ? parsed.data : null;
  const contract = useContract(id);

  if (raw === null || raw.trim() === '') {
    return (
      <NoCustomer
        title="Elige un cliente"
        description="Busca un cliente en la barra superior o ábrelo desde la lista de Clientes para ver su panel."
      />
    );
  }
  if (id === null) {
    return (
      <NoCustomer
        title="El enlace no es válido"
        description={`«${raw}» no es un número de cliente. Búscalo de nuevo en la lista de Clientes.`}
      />
    );
  }
  if (contract.isPending) return <PanelSkeleton />;
  if (contract.isError) {
    if (contract.error instanceof ApiError && contract.error.status === 404) {
      return (
        <NoCustomer
          title="No encontramos al cliente"
          description={`No existe un cliente con el número ${id}. Puede que el enlace sea antiguo.`}
        />
      );
    }
    return (
      <Card>
        <CardContent>
          <ErrorState
            message={contract.error.message || 'No se pudo cargar el cliente.'}
            onRetry={() => void contract.refetch()}
          />
        </CardContent>
      </Card>
    );
  }
  return <Panel key={contract.data.id} contract={contract.data} />;
}
