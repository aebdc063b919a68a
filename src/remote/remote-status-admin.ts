/**
 * The StatusAdmin over a deployment's /api/v2/status (an extension of pulse serve), made from its endpoint
 * table (core/endpoints/status-admin.ts). The caller builds the HttpClient with baseUrl
 * `{base_url}/api/v2/status` and an administrator's credential; anyone else's writes are 403s.
 */
import { statusAdminEndpoints as admin } from '../core/endpoints/status-admin.js';
import { statusRepresentation } from '../core/status/serialize.js';
import type {
  ComponentInput,
  NoticeInput,
  NoticeUpdateInput,
  PageInput,
  StatusAdmin,
  StatusPageQuery,
} from '../core/status/status-service.js';
import type { DeliveryQuery, WebhookInput } from '../core/webhooks/types.js';
import { EndpointCaller } from './endpoint-caller.js';
import type { HttpClient } from './http-client.js';

export class RemoteStatusAdmin implements StatusAdmin {
  private readonly caller: EndpointCaller<StatusAdmin>;

  constructor(private readonly http: HttpClient) {
    this.caller = new EndpointCaller(
      (method, path, init) => http.send(method, path, init),
      statusRepresentation,
    );
  }

  listComponents(query: StatusPageQuery = {}) {
    return this.caller.call(admin.listComponents, { query: { page: query.page } });
  }

  setPage(input: PageInput) {
    return this.caller.call(admin.setPage, { body: input });
  }

  addComponent(input: ComponentInput) {
    return this.caller.call(admin.addComponent, { body: input });
  }

  setComponentState(id: number | string, state: string) {
    return this.caller.call(admin.setComponentState, { params: { id: String(id) }, body: { state } });
  }

  moveComponent(id: number | string, position: number) {
    return this.caller.call(admin.moveComponent, { params: { id: String(id) }, body: { position } });
  }

  addNotice(input: NoticeInput) {
    return this.caller.call(admin.addNotice, { body: input });
  }

  updateNotice(id: number | string, input: NoticeUpdateInput) {
    return this.caller.call(admin.updateNotice, { params: { id: String(id) }, body: input });
  }

  addWebhook(input: WebhookInput) {
    return this.caller.call(admin.addWebhook, { body: input });
  }

  listWebhooks() {
    return this.caller.call(admin.listWebhooks, {});
  }

  removeWebhook(id: number | string) {
    return this.caller.call(admin.removeWebhook, { params: { id: String(id) } });
  }

  listDeliveries(query: DeliveryQuery = {}) {
    return this.caller.call(admin.listDeliveries, { query: { ...query } });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
