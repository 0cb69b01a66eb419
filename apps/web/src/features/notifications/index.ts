/** The notifications area's public face for the app shell (navbar bell, live sync in the layout). */
export { NotificationBell } from './components/notification-bell';
export { NotificationsSync } from './components/notifications-sync';
