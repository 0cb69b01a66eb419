export * from './schedule';
export * from './tasks';
export * from './reminders';
export * from './daily-report';
