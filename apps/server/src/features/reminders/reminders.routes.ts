import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk, ZReminderQuery, ZReminders } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TRemindersService } from './reminders.service.ts';

export const reminderRoutes = (reminders: TRemindersService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/v1/reminders', {
    schema: {
      tags: ['reminders'], querystring: ZReminderQuery, response: { 200: ZOk(ZReminders) },
      description: 'HR reminders of the next `days` days (default 30): probation and contract ends, document expiries, birthdays, work anniversaries',
    },
    config: allow('HR-access'),
  }, async (req) => ok(await reminders.upcoming(userAuth(req), req.query.days)));
};
