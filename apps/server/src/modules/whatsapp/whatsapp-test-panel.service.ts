import {
  toGroupJid,
  validPhone,
  type WhatsAppConnect,
  type WhatsAppGroup,
  type WhatsAppMessage,
} from '@airlink/domain';
import { parseEvolutionGroup } from '../../integrations/evolution/group';
import type { EvolutionConnectResult, EvolutionState } from '../../integrations/evolution/types';
import { AppError } from '../../lib/errors';
import type { EvolutionAccess } from './evolution-access';
import type { WhatsAppInboxService } from './whatsapp-inbox.service';

const connectAnswer = (instance: string, r: EvolutionConnectResult): WhatsAppConnect =>
  r.state === 'open'
    ? { instance, state: 'open', qr: null, pairingCode: null }
    : { instance, state: 'pairing', qr: r.qr.base64, pairingCode: r.qr.pairingCode };

/**
 * What the WhatsApp test panel ('Pruebas', docs/business-rules.md "Screens") does with one instance: its connection
 * (state, 'Conectar' with its QR, 'Reiniciar'), its groups (list, create, leave all) and the test sends, which
 * the inbox stores like any other send.
 */
export class WhatsAppTestPanelService {
  constructor(
    private readonly evolution: EvolutionAccess,
    private readonly inbox: Pick<WhatsAppInboxService, 'send'>,
  ) {}

  /** The instance's connection state as Evolution says now (kept on the directory row). */
  state(instanceName: string): Promise<{ instance: string; state: EvolutionState | null }> {
    return this.evolution.run(instanceName, async (evo, row) => {
      const state = await evo.connectionState(row.instanceName);
      await this.evolution.repo.setState(row.id, state);
      return { instance: row.instanceName, state };
    });
  }

  connect(instanceName: string): Promise<WhatsAppConnect> {
    return this.evolution.run(instanceName, async (evo, row) =>
      connectAnswer(row.instanceName, await evo.connect(row.instanceName)),
    );
  }

  restart(instanceName: string): Promise<WhatsAppConnect> {
    return this.evolution.run(instanceName, async (evo, row) =>
      connectAnswer(row.instanceName, await evo.restart(row.instanceName)),
    );
  }

  groups(instanceName: string): Promise<WhatsAppGroup[]> {
    return this.evolution.run(instanceName, async (evo, row) =>
      (await evo.fetchAllGroups(row.instanceName, { participants: true })).map((g) => parseEvolutionGroup(g)),
    );
  }

  /** 'Crear Grupo': participants comma-separated, trimmed, empty dropped, each normalised (an invalid one is 400). */
  createGroup(
    instanceName: string,
    input: { subject: string; description?: string; participants: string },
  ): Promise<WhatsAppGroup> {
    const parts = input.participants
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const numbers = parts.map((p) => validPhone(p));
    const bad = parts.filter((_, i) => numbers[i] === null);
    if (bad.length) throw new AppError(400, 'bad_request', `Número de teléfono inválido: ${bad.join(', ')}`);
    if (!numbers.length) throw new AppError(400, 'bad_request', 'Agrega al menos un participante');
    return this.evolution.run(instanceName, async (evo, row) =>
      parseEvolutionGroup(
        await evo.createGroup(row.instanceName, {
          subject: input.subject,
          description: input.description,
          participants: numbers as string[],
        }),
        input,
      ),
    );
  }

  /** 'Eliminar Todos': leaves every group, one result per group (a failure does not stop the others). */
  leaveAllGroups(instanceName: string) {
    return this.evolution.run(instanceName, async (evo, row) => {
      const groups = await evo.fetchAllGroups(row.instanceName, { participants: false });
      const results: Array<{ groupJid: string; subject: string; ok: boolean; message: string }> = [];
      for (const g of groups) {
        try {
          const r = await evo.leaveGroup(row.instanceName, g.id);
          results.push({
            groupJid: g.id,
            subject: g.subject ?? '',
            ok: r.leave,
            message: r.leave ? 'Eliminado' : 'No se pudo salir del grupo',
          });
        } catch (err) {
          results.push({
            groupJid: g.id,
            subject: g.subject ?? '',
            ok: false,
            message: this.evolution.fail(err).message,
          });
        }
      }
      return { total: groups.length, left: results.filter((r) => r.ok).length, results };
    });
  }

  /** 'Enviar a Número' (or to a JID): stored in the inbox with who sent it. */
  sendToNumber(
    userId: number,
    instanceName: string,
    number: string,
    text: string,
  ): Promise<{ message: WhatsAppMessage }> {
    return this.inbox.send(userId, instanceName, number, text);
  }

  /** 'Enviar a Grupo'. */
  sendToGroup(
    userId: number,
    instanceName: string,
    groupJid: string,
    text: string,
  ): Promise<{ message: WhatsAppMessage }> {
    return this.inbox.send(userId, instanceName, toGroupJid(groupJid), text);
  }
}
