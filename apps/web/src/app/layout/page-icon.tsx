import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BadgeIcon from '@mui/icons-material/Badge';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CellTowerIcon from '@mui/icons-material/CellTower';
import CircleIcon from '@mui/icons-material/Circle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RouterIcon from '@mui/icons-material/Router';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import WifiIcon from '@mui/icons-material/Wifi';
import { type SvgIconProps } from '@mui/material';
import { createElement, type ComponentType } from 'react';

/** PageDef.icon names (Material icon names) → icon components. */
export const PAGE_ICONS: Readonly<Record<string, ComponentType<SvgIconProps>>> = {
  AccountBalance: AccountBalanceIcon,
  Badge: BadgeIcon,
  CalendarMonth: CalendarMonthIcon,
  CellTower: CellTowerIcon,
  Dashboard: DashboardIcon,
  Hub: HubIcon,
  Key: KeyIcon,
  ManageAccounts: ManageAccountsIcon,
  Notifications: NotificationsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  PointOfSale: PointOfSaleIcon,
  ReceiptLong: ReceiptLongIcon,
  Router: RouterIcon,
  Science: ScienceIcon,
  Settings: SettingsIcon,
  SupportAgent: SupportAgentIcon,
  WhatsApp: WhatsAppIcon,
  Wifi: WifiIcon,
};

export function PageIcon({ name, ...props }: { name: string } & SvgIconProps) {
  return createElement(PAGE_ICONS[name] ?? CircleIcon, props);
}
