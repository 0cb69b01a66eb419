import { LEVEL, type User, type UserCreate, type UserUpdate } from '@airlink/domain';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Hub } from '../../plugins/realtime/hub';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, AuthUser } from '../auth/auth.service';
import type { UsersRepository } from './users.repository';

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly auth: Pick<AuthService, 'revokeUserSessions'>,
    private readonly audit: AuditService,
    private readonly hub: Hub,
  ) {}

  /** The users list is also the session check: level 20 sees everyone, lower levels only themselves. */
  async listFor(actor: AuthUser): Promise<User[]> {
    if (actor.level >= LEVEL.admin) return this.repo.list();
    const self = await this.repo.findById(actor.id);
    return self ? [self] : [];
  }

  async create(actor: AuthUser, input: UserCreate): Promise<User> {
    const taken = () =>
      conflict('email_taken', `Ya existe un usuario con el correo ${input.email}.`, {
        email: ['Este correo ya está registrado'],
      });
    if (await this.repo.emailExists(input.email)) throw taken();
    try {
      return await this.repo.transaction(async (tx) => {
        const userName = await this.repo.freeUserName(input.email.split('@')[0] ?? '', tx);
        const user = await this.repo.insert({ ...input, apellidos: input.apellidos ?? '', userName }, tx);
        await this.audit.record({ actor, action: 'create', entity: 'user', entityId: user.id, after: user }, tx);
        return user;
      });
    } catch (err) {
      // Two admins adding the same email at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
  }

  async update(actor: AuthUser, id: number, changes: UserUpdate): Promise<User> {
    if (actor.id === id && changes.activo === false) {
      throw conflict('self_change', 'No puedes desactivar tu propio usuario.');
    }
    if (actor.id === id && changes.idPerfilUsuario !== undefined && changes.idPerfilUsuario < actor.level) {
      throw conflict('self_change', 'No puedes bajar tu propio nivel.');
    }
    const linkTaken = (name: string) =>
      conflict('employee_linked', `El empleado ya está vinculado al usuario ${name}.`, {
        idEmpleado: ['Este empleado ya tiene un usuario'],
      });
    const result = await this.repo
      .transaction(async (tx) => {
        const before = await this.repo.findById(id, tx);
        if (!before) throw notFound('El usuario no existe.');
        if (typeof changes.idEmpleado === 'number') {
          if (!(await this.repo.employeeExists(changes.idEmpleado, tx))) {
            throw badRequest('El empleado no existe.', {
              idEmpleado: ['El empleado no existe; elige uno de la lista'],
            });
          }
          const other = await this.repo.userOfEmployee(changes.idEmpleado, id, tx);
          if (other) throw linkTaken(other.userName);
        }
        const after = await this.repo.update(id, changes, tx);
        if (!after) throw notFound('El usuario no existe.');
        if (before.activo && !after.activo) await this.auth.revokeUserSessions(id, tx);
        await this.audit.record({ actor, action: 'update', entity: 'user', entityId: id, before, after }, tx);
        return { before, after };
      })
      .catch((err: unknown) => {
        // Two admins linking the same employee at once: the unique index decides.
        if (isUniqueViolation(err)) throw linkTaken('otro usuario');
        throw err;
      });
    if (result.before.activo && !result.after.activo) {
      this.hub.endUserConnections(id, 'Tu usuario fue desactivado por un administrador.');
    }
    if (result.before.idPerfilUsuario !== result.after.idPerfilUsuario) {
      this.hub.userLevelChanged(id, result.after.idPerfilUsuario);
    }
    return result.after;
  }
}
