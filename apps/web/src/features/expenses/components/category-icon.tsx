import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HandymanOutlinedIcon from '@mui/icons-material/HandymanOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LocalGasStationOutlinedIcon from '@mui/icons-material/LocalGasStationOutlined';
import RouterOutlinedIcon from '@mui/icons-material/RouterOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/** The Material icon names the categories are stored with (Administración can add others: they show 'Category'). */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  AccountBalance: AccountBalanceOutlinedIcon,
  Bolt: BoltOutlinedIcon,
  Build: BuildOutlinedIcon,
  Category: CategoryOutlinedIcon,
  Description: DescriptionOutlinedIcon,
  Groups: GroupsOutlinedIcon,
  Handyman: HandymanOutlinedIcon,
  Home: HomeOutlinedIcon,
  LocalGasStation: LocalGasStationOutlinedIcon,
  Router: RouterOutlinedIcon,
};

/** The icon of an expense category (decorative: the name is always shown beside it). */
export function CategoryIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? CategoryOutlinedIcon;
  return <Icon fontSize="small" aria-hidden {...props} />;
}
