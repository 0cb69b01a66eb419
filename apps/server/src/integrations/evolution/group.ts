import type { WhatsAppGroup } from '@airlink/domain';
import type { EvolutionGroup } from './types';

/**
 * One Evolution group (fetchAllGroups, createGroup) as the test panel shows it: a participant by its phone JID when
 * Evolution gives one (`phoneNumber`, 2.3: `id` may be a `@lid`), the size from `size` or the participants counted.
 * `fallback` fills what a createGroup answer leaves out (the subject and description asked for).
 */
export function parseEvolutionGroup(
  g: EvolutionGroup,
  fallback: { subject?: string; description?: string } = {},
): WhatsAppGroup {
  return {
    id: g.id,
    subject: g.subject ?? fallback.subject ?? '',
    desc: g.desc ?? fallback.description ?? null,
    owner: g.owner ?? null,
    size: g.size ?? g.participants?.length ?? 0,
    participants: (g.participants ?? []).map((p) => p.phoneNumber ?? p.id),
  };
}
