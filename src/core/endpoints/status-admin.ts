/**
 * The status page's administration over HTTP as data: a pulse serve extension of the v2 interface at
 * /api/v2/status, for administrators' credentials (a person's token or OAuth sign-in; anyone else gets a
 * 403). Its bodies are the status interface's (`{"component": {...}}`, a list with its meta), so a
 * script reads them as it reads the public page; unlike the public page nothing here is cached. The
 * server's routes (server/routes/v2.ts), RemoteStatusAdmin and the OpenAPI document come from it.
 */

import { statusListParams } from '../status/notice-params.js';
import type {
  ComponentInput,
  NoticeInput,
  NoticeUpdateInput,
  PageInput,
  StatusAdmin,
} from '../status/status-service.js';
import type { DeliveryQuery, WebhookInput } from '../webhooks/types.js';
import { endpointOf } from './define.js';
import {
  CREATED_WEBHOOK,
  STATUS_COMPONENT,
  STATUS_NOTICE_DETAIL,
  STATUS_PAGE,
  WEBHOOK,
  WEBHOOK_DELIVERY,
} from './resources.js';

const endpoint = endpointOf<StatusAdmin>();

const schemas = () => import('../status/schemas.js');
const inputs = () => import('../status/status-input.js');
const webhookSchemas = () => import('../webhooks/schemas.js');

/** An operation a deployment without this extension answers with a 404 or a 405. */
const EXTENSION = { what: 'status page administration' } as const;

export const statusAdminEndpoints = {
  listComponents: endpoint({
    name: 'adminListComponents',
    summary: 'the components in display order, 25 a page, as the administrator resolves names',
    method: 'GET',
    path: '/components',
    caching: 'timely',
    shape: 'page',
    key: 'components',
    resource: STATUS_COMPONENT,
    extension: { ...EXTENSION, probe: null },
    query: async () => statusListParams,
    response: async () => {
      const { collection, COMPONENT_SCHEMA } = await schemas();
      return collection('components', COMPONENT_SCHEMA);
    },
    call: (admin, { query }) => admin.listComponents(query),
  }),
  setPage: endpoint({
    name: 'setPage',
    summary: "sets the page's name and the URL people read it at",
    method: 'PUT',
    path: '/page',
    caching: 'write',
    shape: 'one',
    key: 'page',
    resource: STATUS_PAGE,
    extension: { ...EXTENSION, probe: null },
    body: async () => ({ zod: (await inputs()).pageSchema }),
    response: async () => {
      const { wrapped, PAGE_SCHEMA } = await schemas();
      return wrapped('page', PAGE_SCHEMA);
    },
    call: (admin, { body }: { body: PageInput }) => admin.setPage(body),
  }),
  addComponent: endpoint({
    name: 'addComponent',
    summary: 'adds a component at the end of the display order (operational unless a state is given)',
    method: 'POST',
    path: '/components',
    caching: 'write',
    shape: 'one',
    status: 201,
    key: 'component',
    resource: STATUS_COMPONENT,
    extension: { ...EXTENSION, probe: null },
    body: async () => ({ zod: (await inputs()).componentSchema }),
    response: async () => {
      const { wrapped, COMPONENT_SCHEMA } = await schemas();
      return wrapped('component', COMPONENT_SCHEMA);
    },
    call: (admin, { body }: { body: ComponentInput }) => admin.addComponent(body),
  }),
  setComponentState: endpoint({
    name: 'setComponentState',
    summary: "sets a component's state (id an integer)",
    method: 'PUT',
    path: '/components/:id/state',
    caching: 'write',
    shape: 'one',
    key: 'component',
    resource: STATUS_COMPONENT,
    extension: EXTENSION,
    body: async () => ({ zod: (await inputs()).componentStateSchema }),
    response: async () => {
      const { wrapped, COMPONENT_SCHEMA } = await schemas();
      return wrapped('component', COMPONENT_SCHEMA);
    },
    call: (admin, { params, body }: { params: { id: string }; body: { state: string } }) =>
      admin.setComponentState(params.id, body.state),
  }),
  moveComponent: endpoint({
    name: 'moveComponent',
    summary: 'moves a component to a place in the display order (1 to the number of components)',
    method: 'PUT',
    path: '/components/:id/position',
    caching: 'write',
    shape: 'one',
    key: 'component',
    resource: STATUS_COMPONENT,
    extension: EXTENSION,
    body: async () => ({ zod: (await inputs()).componentPositionSchema }),
    response: async () => {
      const { wrapped, COMPONENT_SCHEMA } = await schemas();
      return wrapped('component', COMPONENT_SCHEMA);
    },
    call: (admin, { params, body }: { params: { id: string }; body: { position: number } }) =>
      admin.moveComponent(params.id, body.position),
  }),
  addNotice: endpoint({
    name: 'addNotice',
    summary: 'adds a notice: unplanned ones start investigating, planned ones scheduled',
    method: 'POST',
    path: '/notices',
    caching: 'write',
    shape: 'one',
    status: 201,
    key: 'notice',
    resource: STATUS_NOTICE_DETAIL,
    extension: { ...EXTENSION, probe: null },
    body: async () => ({ zod: (await inputs()).noticeSchema }),
    response: async () => {
      const { wrapped, NOTICE_DETAIL_SCHEMA } = await schemas();
      return wrapped('notice', NOTICE_DETAIL_SCHEMA);
    },
    call: (admin, { body }: { body: NoticeInput }) => admin.addNotice(body),
  }),
  updateNotice: endpoint({
    name: 'updateNotice',
    summary: 'moves a notice to a state, or with content adds an update in its state; the notice back',
    method: 'POST',
    path: '/notices/:id/updates',
    caching: 'write',
    shape: 'one',
    key: 'notice',
    resource: STATUS_NOTICE_DETAIL,
    extension: EXTENSION,
    body: async () => ({ zod: (await inputs()).updateSchema }),
    response: async () => {
      const { wrapped, NOTICE_DETAIL_SCHEMA } = await schemas();
      return wrapped('notice', NOTICE_DETAIL_SCHEMA);
    },
    call: (admin, { params, body }: { params: { id: string }; body: NoticeUpdateInput }) =>
      admin.updateNotice(params.id, body),
  }),
  addWebhook: endpoint({
    name: 'addWebhook',
    summary:
      'registers a URL to receive the status events, signed with its secret (given, or made and shown once)',
    method: 'POST',
    path: '/webhooks',
    caching: 'write',
    shape: 'one',
    status: 201,
    key: 'webhook',
    resource: CREATED_WEBHOOK,
    extension: { what: 'status webhooks', probe: null },
    body: async () => ({ zod: (await import('../webhooks/webhook-admin.js')).webhookSchema }),
    response: async () => {
      const [{ wrapped }, { CREATED_WEBHOOK_SCHEMA }] = await Promise.all([schemas(), webhookSchemas()]);
      return wrapped('webhook', CREATED_WEBHOOK_SCHEMA);
    },
    call: (admin, { body }: { body: WebhookInput }) => admin.addWebhook(body),
  }),
  listWebhooks: endpoint({
    name: 'listWebhooks',
    summary: 'the webhooks, oldest first, without their secrets',
    method: 'GET',
    path: '/webhooks',
    caching: 'timely',
    shape: 'page',
    key: 'webhooks',
    resource: WEBHOOK,
    extension: { what: 'status webhooks', probe: null },
    response: async () => {
      const { unpaged, WEBHOOK_SCHEMA } = await webhookSchemas();
      return unpaged('webhooks', WEBHOOK_SCHEMA);
    },
    call: (admin) => admin.listWebhooks(),
  }),
  removeWebhook: endpoint({
    name: 'removeWebhook',
    summary: 'removes a webhook and its deliveries (id an integer)',
    method: 'DELETE',
    path: '/webhooks/:id',
    caching: 'write',
    shape: 'none',
    extension: { what: 'status webhooks' },
    call: (admin, { params }: { params: { id: string } }) => admin.removeWebhook(params.id),
  }),
  listDeliveries: endpoint({
    name: 'listDeliveries',
    summary: 'the delivery log, newest first: attempts, last status or error, next attempt, delivered at',
    method: 'GET',
    path: '/webhook-deliveries',
    caching: 'timely',
    shape: 'page',
    key: 'deliveries',
    resource: WEBHOOK_DELIVERY,
    extension: { what: 'status webhooks', probe: null },
    query: async () => (await webhookSchemas()).deliveryParams,
    response: async () => {
      const { unpaged, DELIVERY_SCHEMA } = await webhookSchemas();
      return unpaged('deliveries', DELIVERY_SCHEMA);
    },
    call: (admin, { query }) => admin.listDeliveries(query as DeliveryQuery),
  }),
};
