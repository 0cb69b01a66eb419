import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { Box, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { CashCloseTab } from '../components/cash-close-tab';
import { OnlinePaymentsTab } from '../components/online-payments-tab';
import { PendingMovementsTab } from '../components/pending-movements-tab';
import { StatementImportTab } from '../components/statement-import-tab';

const TABS = [
  { key: 'corte', label: 'Corte de caja', short: 'Corte', Icon: PointOfSaleOutlinedIcon },
  { key: 'pendientes', label: 'Depósitos pendientes', short: 'Depósitos', Icon: AccountBalanceOutlinedIcon },
  { key: 'importar', label: 'Importar estado de cuenta', short: 'Importar', Icon: UploadFileOutlinedIcon },
  { key: 'en-linea', label: 'Pagos en línea', short: 'En línea', Icon: CreditCardOutlinedIcon },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * Caja y Bancos (/dashboard/caja, level 16; docs/business-rules.md "Finance"): the daily cash close of each office, the
 * bank deposits still waiting for a payment, the import of bank statements and the customers' online payments. The tab is in the address.
 */
export function CashPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = TABS.some((t) => t.key === asked) ? (asked as TabKey) : 'corte';

  return (
    <Box>
      <PageHeader
        title="Caja y Bancos"
        subtitle="Cierra la caja de cada oficina, revisa los depósitos por ligar, importa estados de cuenta y revisa los pagos en línea."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_e, v: TabKey) => setParams(v === 'corte' ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Secciones de Caja y Bancos"
        >
          {TABS.map(({ key, label, short, Icon }) => (
            <Tab
              key={key}
              value={key}
              label={phone ? short : label}
              aria-label={label}
              icon={phone ? undefined : <Icon fontSize="small" />}
              iconPosition="start"
              id={`caja-tab-${key}`}
              aria-controls={`caja-panel-${key}`}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`caja-panel-${tab}`} aria-labelledby={`caja-tab-${tab}`}>
        {tab === 'corte' && <CashCloseTab />}
        {tab === 'pendientes' && <PendingMovementsTab />}
        {tab === 'importar' && <StatementImportTab />}
        {tab === 'en-linea' && <OnlinePaymentsTab />}
      </Box>
    </Box>
  );
}
