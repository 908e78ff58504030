import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVENTORY_MSG, ZApproveFleetRequisition, ZAssignTruck, ZEmailBody, ZFleet, ZFleetRequisition, ZFleetRequisitionInput, ZFleetRequisitionParams, ZIdParams,
  ZOk, ZTruck, ZTruckEntry, ZTruckEntryInput, ZTruckInput, ZTruckUpdate, ZTripInput, ZTrip, ZTruckDetail, ZAvailabilityQuery, ZTruckAvailability,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TFleetService } from './fleet.service.ts';

const FLEET = ['Procurement-access'] as const;
/** The fleet manager's own routes (issue 34): Procurement- or Inventory-access. */
const FLEET_READ = ['Procurement-access', 'Inventory-access'] as const;

export const fleetRoutes = (fleet: TFleetService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['fleet'];

  app.post('/api/v1/inventory/create-truck', { schema: { tags, body: ZTruckInput, response: { 201: ZOk(ZTruck) } }, config: allow(...FLEET) },
    async (req, reply) => reply.code(201).send(ok(await fleet.createTruck(userAuth(req), req.body), INVENTORY_MSG.truckCreated)));

  app.post('/api/v1/inventory/add-truck', {
    schema: { tags, body: ZAssignTruck, response: { 200: ZOk(ZTruck) }, description: 'Assigns a truck to a project: a booking the owner or an approver (Approvals-access) makes, refused on a clash with a booking or maintenance; release: true releases it' },
    config: allow(...FLEET),
  },
    async (req) => {
      const { truck, message } = await fleet.assignTruck(userAuth(req), req.body);
      return ok(truck, message);
    });

  app.post('/api/v1/inventory/fleet', { schema: { tags, body: ZEmailBody, response: { 200: ZOk(ZFleet) } }, config: allow(...FLEET, 'Approvals-access') },
    async (req) => ok(await fleet.fleet(userAuth(req), req.body.email)));

  app.delete('/api/v1/cost/delete-truck/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } }, config: allow(...FLEET) },
    async (req) => ok(await fleet.deleteTruck(userAuth(req), req.params.id), INVENTORY_MSG.truckDeleted));

  app.post('/api/v1/inventory/truck-entry', { schema: { tags, body: ZTruckEntryInput, response: { 201: ZOk(ZTruckEntry) }, description: 'A fuel or maintenance entry of a truck' }, config: allow(...FLEET) },
    async (req, reply) => reply.code(201).send(ok(await fleet.addEntry(userAuth(req), req.body), INVENTORY_MSG.truckEntrySaved)));

  app.get('/api/v1/inventory/truck-entries/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZTruckEntry)) } }, config: allow(...FLEET) },
    async (req) => ok(await fleet.entries(userAuth(req), req.params.id)));

  // Issue 34: the fleet manager's screens.
  app.put('/api/v1/fleet/trucks/:id', { schema: { tags, params: ZIdParams, body: ZTruckUpdate, response: { 200: ZOk(ZTruck) }, description: 'Driver, papers and service schedule of a truck' }, config: allow(...FLEET_READ) },
    async (req) => ok(await fleet.updateTruck(userAuth(req), req.params.id, req.body), 'Truck saved'));

  app.get('/api/v1/fleet/trucks/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTruckDetail) }, description: 'The truck page: bookings, trips, fuel and maintenance with km/l and cost per km, service due, papers' }, config: allow(...FLEET_READ) },
    async (req) => ok(await fleet.detail(userAuth(req), req.params.id)));

  app.post('/api/v1/fleet/trips', { schema: { tags, body: ZTripInput, response: { 201: ZOk(ZTrip) }, description: 'A trip; the readings must not be lower than the last one' }, config: allow(...FLEET_READ) },
    async (req, reply) => reply.code(201).send(ok(await fleet.addTrip(userAuth(req), req.body), 'Trip saved')));

  app.get('/api/v1/fleet/availability', { schema: { tags, querystring: ZAvailabilityQuery, response: { 200: ZOk(z.array(ZTruckAvailability)) }, description: "Each truck's state for a period: free, booked (for which project, until when) or in maintenance" }, config: allow(...FLEET_READ, 'Approvals-access') },
    async (req) => ok(await fleet.availability(userAuth(req), req.query)));

  app.post('/api/v1/cost/create-requisition', { schema: { tags, body: ZFleetRequisitionInput, response: { 201: ZOk(ZFleetRequisition) } }, config: allow(...FLEET) },
    async (req, reply) => reply.code(201).send(ok(await fleet.createRequisition(userAuth(req), req.body), INVENTORY_MSG.fleetRequisitionCreated)));

  app.put('/api/v1/cost/approve-requisition/:requisitionId', {
    schema: { tags, params: ZFleetRequisitionParams, body: ZApproveFleetRequisition, response: { 200: ZOk(ZFleetRequisition) }, description: 'The caller\'s approval with the truck to book; refused when the truck is not free for the period' },
    config: allow('Approvals-access'),
  }, async (req) => {
    const { requisition, isFinal } = await fleet.approveRequisition(userAuth(req), req.params.requisitionId, req.body.truckId);
    return ok(requisition, isFinal ? INVENTORY_MSG.fleetRequisitionApproved : INVENTORY_MSG.approvalRecorded);
  });
};
