import type { ConnectedUser, ConnectionStats } from '@airlink/domain';
import { notFound } from '../../lib/errors';
import type { Hub } from '../../plugins/realtime/hub';

const RECENT_MINUTES = 15;

/** Who is connected to the push hub right now, across every server instance. */
export class PresenceService {
  constructor(private readonly hub: Hub) {}

  async list(): Promise<ConnectedUser[]> {
    const all = await this.hub.connections();
    return all.sort((a, b) => (a.lastActivity < b.lastActivity ? 1 : -1));
  }

  async stats(now = new Date()): Promise<ConnectionStats> {
    const all = await this.hub.connections();
    const recentCutoff = now.getTime() - RECENT_MINUTES * 60_000;
    const active = all.filter((c) => c.isActive).length;
    return {
      totalConnected: all.length,
      activeUsers: active,
      inactiveUsers: all.length - active,
      recentActivity: all.filter((c) => new Date(c.lastActivity).getTime() >= recentCutoff).length,
    };
  }

  async disconnect(connectionId: string): Promise<void> {
    if (!(await this.hub.disconnect(connectionId))) throw notFound('La conexión ya no existe.');
  }
}
