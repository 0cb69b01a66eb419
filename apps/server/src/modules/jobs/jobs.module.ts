import { taskNameParams, taskSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import type { ServerModule } from '../../lib/module';
import { JobRunner } from './job-runner';
import { JobsRepository } from './jobs.repository';

declare module '../../lib/context' {
  interface AppServices {
    /** The job runner: areas define handlers and schedules on it in their createServices. */
    jobs: JobRunner;
  }
}

/** Starts the runner when the app is ready (config.runJobs) and stops it before the database closes. */
const jobsLifecycle: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onReady', async () => {
    if (ctx.config.runJobs) await ctx.jobs.start();
  });
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
  });

  app.get('/api/tareas', {
    config: { access: 'jobs.manage' },
    schema: {
      tags: ['Tareas'],
      summary: 'Tareas programadas: próxima ejecución, última, fallas y si hay una en curso',
      response: { 200: z.array(taskSchema) },
    },
    handler: () => ctx.jobs.tasks(),
  });

  app.post('/api/tareas/:nombre/ejecutar', {
    config: { access: 'jobs.manage' },
    schema: {
      tags: ['Tareas'],
      summary: 'Ejecutar ahora una tarea programada (se pone en cola)',
      params: taskNameParams,
    },
    handler: async (req, reply) => {
      const outcome = await ctx.jobs.runNow(req.params.nombre);
      if (outcome === 'unknown') throw notFound('La tarea no existe.');
      if (outcome === 'busy')
        throw conflict('job_running', 'La tarea ya está en cola o ejecutándose; espera a que termine.');
      return reply.status(202).send();
    },
  });
};

export const jobsModule: ServerModule = {
  name: 'jobs',
  createServices: (ctx, env) => ({ jobs: new JobRunner(new JobsRepository(ctx.db), { log: env.log }) }),
  routes: jobsLifecycle,
};
