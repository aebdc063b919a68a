/**
 * The StatusService: the public, read-only status interface. The core on a local store, the remote
 * client over HTTP (any deployment's status_url) and the server's /status/api/v1 routes all speak it.
 * StatusAdmin holds the operator's writes: the core on a local store, and the remote client over the
 * administrators' extension of the v2 interface (/api/v2/status, core/endpoints/status-admin.ts).
 */

import type {
  CreatedWebhook,
  DeliveryQuery,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from '../webhooks/types.js';
import type { ComponentInput, NoticeInput, NoticeUpdateInput, PageInput } from './status-input.js';
import type { StatusComponent, StatusNotice, StatusNoticeDetail, StatusPage } from './types.js';

export type { ComponentInput, NoticeInput, NoticeUpdateInput, PageInput };

/** `page` may be typed (from the CLI) or a string (from HTTP); the core validates both alike. */
export interface StatusPageQuery {
  page?: number | string;
}

/** The interface's filters, named as in the document (filter[type_eq], filter[timeline_state_eq]). */
export interface NoticeQuery extends StatusPageQuery {
  type_eq?: string;
  timeline_state_eq?: string;
}

/** One page of a collection, with the document's meta. */
export interface StatusCollection<T> {
  items: T[];
  page: number;
  hasNext: boolean;
  /** meta.count: records on this page. */
  count: number;
  /** meta.total_count: records across all pages. */
  totalCount: number;
  /** meta.next_page: a relative URL (a path with its query), null on the last page. */
  nextPage: string | null;
}

export interface StatusService {
  /** The page with its derived state, without components and notices. */
  page(): Promise<StatusPage>;
  /** Components in display order (position), 25 a page. */
  listComponents(query?: StatusPageQuery): Promise<StatusCollection<StatusComponent>>;
  /** Past, present and future notices, newest first, 25 a page; the filters combine. */
  listNotices(query?: NoticeQuery): Promise<StatusCollection<StatusNotice>>;
  /** A notice by its integer id (a number, or its decimal text). */
  getNotice(id: number | string): Promise<StatusNoticeDetail>;
  close(): Promise<void>;
}

/** The operator's writes. Inputs are validated like any other (400 for bad shapes, 422 for rules). */
export interface StatusAdmin {
  /** The components as the public interface lists them: the operator names components by name too. */
  listComponents(query?: StatusPageQuery): Promise<StatusCollection<StatusComponent>>;
  setPage(input: PageInput): Promise<StatusPage>;
  addComponent(input: ComponentInput): Promise<StatusComponent>;
  setComponentState(id: number | string, state: string): Promise<StatusComponent>;
  /**
   * Moves a component to a place in the display order (1 to the number of components); the ones between
   * shift by one, so positions stay 1..n.
   */
  moveComponent(id: number | string, position: number): Promise<StatusComponent>;
  /** Unplanned notices start investigating (began now); planned ones start scheduled. */
  addNotice(input: NoticeInput): Promise<StatusNoticeDetail>;
  /** A transition (or, with content, an update in the same state); others are refused with a 422. */
  updateNotice(id: number | string, input: NoticeUpdateInput): Promise<StatusNoticeDetail>;
  /**
   * Registers a URL to receive the page's events (core/webhooks): the one answer carrying its secret,
   * given or made at random.
   */
  addWebhook(input: WebhookInput): Promise<CreatedWebhook>;
  /** Every webhook, oldest first, without secrets. */
  listWebhooks(): Promise<StatusCollection<Webhook>>;
  /** Removes a webhook and its deliveries; a 404 when there is none. */
  removeWebhook(id: number | string): Promise<void>;
  /** The delivery log, newest first: all, failed only, or one webhook's. */
  listDeliveries(query?: DeliveryQuery): Promise<StatusCollection<WebhookDelivery>>;
}
