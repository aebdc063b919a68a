/**
 * The StatusService over the public status interface of any deployment, made from its endpoint table
 * (core/endpoints/status.ts). The caller builds the HttpClient with baseUrl `{status_url}/api/v1` and no
 * token (the interface is public). 429s are waited out by the HttpClient (Retry-After) while it has
 * retries left; other errors come back as the core's typed errors.
 */
import { statusEndpoints as status } from '../core/endpoints/status.js';
import { statusRepresentation } from '../core/status/serialize.js';
import type { NoticeQuery, StatusPageQuery, StatusService } from '../core/status/status-service.js';
import { EndpointCaller } from './endpoint-caller.js';
import type { HttpClient } from './http-client.js';

export class RemoteStatusService implements StatusService {
  private readonly caller: EndpointCaller<StatusService>;

  constructor(private readonly http: HttpClient) {
    this.caller = new EndpointCaller(
      (method, path, init) => http.send(method, path, init),
      statusRepresentation,
    );
  }

  page() {
    return this.caller.call(status.page);
  }

  listComponents(query: StatusPageQuery = {}) {
    return this.caller.call(status.listComponents, { query: { page: query.page } });
  }

  listNotices(query: NoticeQuery = {}) {
    // The document's names, brackets and all (encoded on the wire, decoded by the server).
    return this.caller.call(status.listNotices, {
      query: {
        page: query.page,
        'filter[type_eq]': query.type_eq,
        'filter[timeline_state_eq]': query.timeline_state_eq,
      },
    });
  }

  getNotice(id: number | string) {
    return this.caller.call(status.getNotice, { params: { id: String(id) } });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
