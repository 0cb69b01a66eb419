import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    audit: AuditService;
  }
}

export const auditModule: ServerModule = {
  name: 'audit',
  createServices: (ctx) => ({
    audit: new AuditService(new AuditRepository(ctx.db)),
  }),
};
