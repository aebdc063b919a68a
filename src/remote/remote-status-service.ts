/**
 * The StatusService over the public status interface of any deployment. The caller builds the HttpClient
 * with baseUrl `{status_url}/api/v1` and no token (the interface is public). 429s are waited out by the
 * HttpClient (Retry-After) while it has retries left; other errors come back as the core's typed errors.
 */
import type {
  NoticeQuery,
  StatusCollection,
  StatusPageQuery,
  StatusService,
} from '../core/status/status-service.js';
import type { StatusComponent, StatusNotice, StatusNoticeDetail, StatusPage } from '../core/status/types.js';
import { type HttpClient, type Query, wrapperReader } from './http-client.js';

const { unwrap, malformed } = wrapperReader('a status interface');

interface Meta {
  count: number;
  total_count: number;
  next_page: string | null;
}

export class RemoteStatusService implements StatusService {
  constructor(private readonly http: HttpClient) {}

  async page(): Promise<StatusPage> {
    return unwrap(await this.http.send('GET', '/status'), 'GET /status', 'page');
  }

  listComponents(query: StatusPageQuery = {}): Promise<StatusCollection<StatusComponent>> {
    return this.collection('/components', 'components', query.page, { page: query.page });
  }

  listNotices(query: NoticeQuery = {}): Promise<StatusCollection<StatusNotice>> {
    // The document's names, brackets and all (encoded on the wire, decoded by the server).
    return this.collection('/notices', 'notices', query.page, {
      page: query.page,
      'filter[type_eq]': query.type_eq,
      'filter[timeline_state_eq]': query.timeline_state_eq,
    });
  }

  async getNotice(id: number | string): Promise<StatusNoticeDetail> {
    const path = `/notices/${encodeURIComponent(String(id))}`;
    return unwrap(await this.http.send('GET', path), `GET ${path}`, 'notice');
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  private async collection<T>(
    path: string,
    key: string,
    page: number | string | undefined,
    query: Query,
  ): Promise<StatusCollection<T>> {
    const request = `GET ${path}`;
    const response = await this.http.send('GET', path, { query });
    const items = unwrap<T[]>(response, request, key);
    const meta = unwrap<Meta>(response, request, 'meta');
    if (!Array.isArray(items)) throw malformed(request, key);
    if (meta === null || typeof meta !== 'object' || typeof meta.total_count !== 'number') {
      throw malformed(request, 'meta');
    }
    const nextPage = typeof meta.next_page === 'string' ? meta.next_page : null;
    return {
      items,
      // The server accepted the page (else it answered 400), so it is a whole number.
      page: page === undefined ? 1 : Number(page),
      hasNext: nextPage !== null,
      count: typeof meta.count === 'number' ? meta.count : items.length,
      totalCount: meta.total_count,
      nextPage,
    };
  }
}
