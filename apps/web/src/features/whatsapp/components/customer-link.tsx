import { samePhone } from '@airlink/domain';
import PersonIcon from '@mui/icons-material/Person';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { customerPanelPath, customerSearchQueryOptions } from '../../../lib/customer-search';

/** 'Ver cliente': the customer whose phone is this conversation's (521… and 52… forms match), when one is. */
export function CustomerLink({ phone }: { phone: string }) {
  const search = useQuery(customerSearchQueryOptions(phone));
  const customer = search.data?.find((c) => samePhone(c.telefono, phone));
  if (!customer) return null;
  return (
    <Button
      component={RouterLink}
      to={customerPanelPath(customer.id)}
      size="small"
      variant="outlined"
      startIcon={<PersonIcon />}
      sx={{ maxWidth: 260 }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        Cliente: {customer.nombre}
      </span>
    </Button>
  );
}
