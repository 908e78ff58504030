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
      description: 'Reminders of the next `days` days (default 30): HR-access reads probation and contract ends, document expiries, birthdays, work anniversaries; Inventory- and Procurement-access read the fleet\'s service due, truck papers and driver licences (issue 34)',
    },
    config: allow('HR-access', 'Inventory-access', 'Procurement-access'),
  }, async (req) => ok(await reminders.upcoming(userAuth(req), req.query.days)));
};
