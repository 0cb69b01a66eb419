import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { AccountsTab } from '../components/accounts-tab';
import { CalendarTab } from '../components/calendar-tab';
import { CategoriesTab } from '../components/categories-tab';
import { CompanyTab } from '../components/company-tab';
import { NetworkTab } from '../components/network-tab';
import { PlansTab } from '../components/plans-tab';
import { OnlinePaymentsSettingsTab } from '../components/online-payments-settings-tab';
import { WhatsAppTab } from '../components/whatsapp-tab';
import { InvoicingSettingsTab } from '../../invoicing';

const TABS = [
  { key: 'empresa', label: 'Empresa', Panel: CompanyTab },
  { key: 'cuentas', label: 'Cuentas', Panel: AccountsTab },
  { key: 'planes', label: 'Planes', Panel: PlansTab },
  { key: 'categorias', label: 'Categorías de gastos', Panel: CategoriesTab },
  { key: 'whatsapp', label: 'WhatsApp', Panel: WhatsAppTab },
  { key: 'calendario', label: 'Días hábiles y festivos', Panel: CalendarTab },
  { key: 'red', label: 'Red', Panel: NetworkTab },
  { key: 'pagos-en-linea', label: 'Pagos en línea', Panel: OnlinePaymentsSettingsTab },
  { key: 'facturacion', label: 'Facturación', Panel: InvoicingSettingsTab },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/**
 * Administración (level 20): the settings of the business in tabs. The tab is in the address (`?tab=`), so a
 * reload or a link keeps it. Every change is saved on the server, audited, and used at once.
 */
export function AdministrationPage() {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((t) => t.key === params.get('tab')) ?? TABS[0];
  const select = (key: TabKey) => setParams({ tab: key }, { replace: true });
  const { Panel } = current;

  return (
    <Box>
      <PageHeader
        title="Administración"
        subtitle="Datos de la empresa, cuentas, planes, categorías de gastos, WhatsApp, calendario, red, pagos en línea y facturación."
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current.key}
          onChange={(_e, key: TabKey) => select(key)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Secciones de Administración"
        >
          {TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`admin-tab-${t.key}`} aria-controls="admin-panel" />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${current.key}`}>
        <Panel />
      </Box>
    </Box>
  );
}
