import type { AccountGroup, FinancialRow } from '@airlink/domain';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Grid, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { incomeFigures } from '../income-figures';
import type { LivePayment } from '../live-payment';
import { IncomeCard } from './income-card';

export interface IncomePlace {
  title: string;
  group: AccountGroup;
  rows: readonly FinancialRow[];
}

export interface IncomeCardsProps {
  places: readonly IncomePlace[];
  today: string;
  live: LivePayment | null;
  /** Grid sizes of each card. */
  size: Record<string, number>;
}

/** The income cards of the dashboard, in one row on wide screens, stacked on phones. */
export function IncomeCards({ places, today, live, size }: IncomeCardsProps) {
  const theme = useTheme();
  const look: Record<AccountGroup, { icon: ReactNode; color: string }> = {
    tizayuca: { icon: <StorefrontOutlinedIcon />, color: theme.palette.primary.main },
    pachuca: { icon: <PaymentsOutlinedIcon />, color: theme.palette.secondary.main },
    banco: { icon: <AccountBalanceOutlinedIcon />, color: '#6b3fb8' },
    ajuste: { icon: <PaymentsOutlinedIcon />, color: theme.palette.grey[600] },
  };
  return (
    <>
      {places.map((p) => (
        <Grid key={p.group} size={size}>
          <IncomeCard
            title={p.title}
            icon={look[p.group].icon}
            color={look[p.group].color}
            figures={incomeFigures(p.rows, today)}
            newPayment={live && live.group === p.group ? { seq: live.seq, monto: live.monto } : null}
          />
        </Grid>
      ))}
    </>
  );
}
