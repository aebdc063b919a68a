/**
 * The operator's writes to the status page: its name, components and their states, notices and their
 * transitions (`pulse admin status ...`, locally or through /api/v2/status for administrators).
 */
import { NotFoundError, ValidationError } from '../errors.js';
import type { StoreSession } from '../repository.js';
import { timestamp } from '../time.js';
import { parseInput } from '../validation.js';
import { Outbox } from '../webhooks/outbox.js';
import type { WebhookRepository } from '../webhooks/repository.js';
import type {
  CreatedWebhook,
  DeliveryQuery,
  StatusEventType,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from '../webhooks/types.js';
import { WebhookAdmin } from '../webhooks/webhook-admin.js';
import {
  CoreStatusService,
  DEFAULT_PAGE_NAME,
  parseStatusId,
  type StatusServiceOptions,
} from './core-status-service.js';
import type { ComponentRow, StatusRepository } from './repository.js';
import { initialState, isEnded, nextStates, transitionTimes } from './rules.js';
import { serializeComponent } from './serialize.js';
import {
  type ComponentInput,
  componentPositionSchema,
  componentSchema,
  componentStateSchema,
  type NoticeInput,
  type NoticeUpdateInput,
  noticeSchema,
  type PageInput,
  pageSchema,
  updateSchema,
} from './status-input.js';
import type { StatusAdmin, StatusCollection, StatusPageQuery } from './status-service.js';
import {
  type ComponentState,
  type NoticeState,
  type NoticeType,
  PLANNED_STATES,
  type StatusComponent,
  type StatusNoticeDetail,
  type StatusPage,
  UNPLANNED_STATES,
} from './types.js';

/** What the status administration writes to: the status tables, the webhooks, in transactions. */
export type StatusAdminRepository = StatusRepository & WebhookRepository & Pick<StoreSession, 'transaction'>;

const statesOf = (type: NoticeType): readonly NoticeState[] =>
  type === 'planned' ? PLANNED_STATES : UNPLANNED_STATES;

export class CoreStatusAdmin implements StatusAdmin {
  private readonly reader: CoreStatusService;
  private readonly outbox: Outbox;
  private readonly webhooks: WebhookAdmin;

  constructor(
    private readonly repo: StatusAdminRepository,
    private readonly options: StatusServiceOptions,
  ) {
    this.reader = new CoreStatusService(repo, options);
    this.outbox = new Outbox(repo, options.clock);
    this.webhooks = new WebhookAdmin(repo, options.clock);
  }

  /** A change and its event to the webhooks, in one transaction: both happen or neither. */
  private withEvent<T>(type: (result: T) => StatusEventType, change: () => Promise<T>): Promise<T> {
    return this.repo.transaction(async () => {
      const result = await change();
      await this.outbox.record(type(result), result);
      return result;
    });
  }

  addWebhook(input: WebhookInput): Promise<CreatedWebhook> {
    return this.webhooks.add(input);
  }

  listWebhooks(): Promise<StatusCollection<Webhook>> {
    return this.webhooks.list();
  }

  removeWebhook(id: number | string): Promise<void> {
    return this.webhooks.remove(id);
  }

  listDeliveries(query: DeliveryQuery = {}): Promise<StatusCollection<WebhookDelivery>> {
    return this.webhooks.deliveries(query);
  }

  private now(): string {
    return timestamp(this.options.clock.now());
  }

  listComponents(query?: StatusPageQuery): Promise<StatusCollection<StatusComponent>> {
    return this.reader.listComponents(query);
  }

  async setPage(input: PageInput): Promise<StatusPage> {
    const { name, url } = parseInput(pageSchema, input);
    const now = this.now();
    const existing = await this.repo.statusPage();
    await this.repo.saveStatusPage({
      name,
      url: url ?? null,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    return this.reader.page();
  }

  async addComponent(input: ComponentInput): Promise<StatusComponent> {
    const parsed = parseInput(componentSchema, input);
    if (parsed.parent_id !== undefined) await this.requireComponents([parsed.parent_id], 'parent_id');
    const now = this.now();
    await this.ensurePage(now);
    const id = await this.repo.insertComponent({
      name: parsed.name,
      description: parsed.description ?? '',
      parent_id: parsed.parent_id ?? null,
      state: (parsed.state ?? 'operational') as ComponentState,
      created_at: now,
      updated_at: now,
    });
    return serializeComponent(await this.component(id));
  }

  async setComponentState(id: number | string, state: string): Promise<StatusComponent> {
    const componentId = parseStatusId(id, 'component');
    const parsed = parseInput(componentStateSchema, { state });
    const existing = await this.component(componentId);
    if (existing.state === parsed.state) return serializeComponent(existing);
    return this.withEvent(
      () => 'component.state_changed',
      async () => {
        await this.repo.setComponentState(componentId, parsed.state as ComponentState, this.now());
        return serializeComponent(await this.component(componentId));
      },
    );
  }

  async moveComponent(id: number | string, position: number): Promise<StatusComponent> {
    const componentId = parseStatusId(id, 'component');
    const parsed = parseInput(componentPositionSchema, { position });
    const [existing, count] = await Promise.all([this.component(componentId), this.repo.countComponents()]);
    if (parsed.position > count) {
      throw new ValidationError([
        `position must be from 1 to ${count}, the number of components: ${parsed.position} is past the last`,
      ]);
    }
    if (existing.position !== parsed.position) {
      await this.repo.moveComponent(componentId, parsed.position, this.now());
    }
    return serializeComponent(await this.component(componentId));
  }

  async addNotice(input: NoticeInput): Promise<StatusNoticeDetail> {
    const parsed = parseInput(noticeSchema, input);
    const type = parsed.type as NoticeType;
    const errors: string[] = [];
    const window = { begins: parsed.begins_at, ends: parsed.ends_at };
    if (type === 'planned') {
      if (!window.begins || !window.ends) errors.push('a planned notice needs begins_at and ends_at');
      else if (Date.parse(window.ends) <= Date.parse(window.begins))
        errors.push('ends_at must be after begins_at');
    } else if (window.begins || window.ends) {
      errors.push(
        'begins_at and ends_at belong to planned notices; an unplanned one begins when it is added',
      );
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const componentIds = [...new Set(parsed.component_ids ?? [])];
    await this.requireComponents(componentIds, 'component_ids');

    const now = this.now();
    await this.ensurePage(now);
    const state = initialState(type);
    const canonical = (value: string | undefined) => (value ? new Date(value).toISOString() : null);
    return this.withEvent(
      () => 'notice.created',
      async () =>
        this.reader.getNotice(
          await this.repo.insertNotice(
            {
              type,
              state,
              subject: parsed.subject,
              begins_at: canonical(window.begins),
              ends_at: canonical(window.ends),
              // An incident has begun by the time it is reported; maintenance begins when it gets underway.
              began_at: type === 'unplanned' ? now : null,
              ended_at: null,
              created_at: now,
              updated_at: now,
            },
            componentIds,
            { state, content: parsed.content ?? '', created_at: now, updated_at: now },
          ),
        ),
    );
  }

  async updateNotice(id: number | string, input: NoticeUpdateInput): Promise<StatusNoticeDetail> {
    const noticeId = parseStatusId(id, 'notice');
    const parsed = parseInput(updateSchema, input);
    const notice = await this.repo.findNotice(noticeId);
    if (!notice) throw new NotFoundError(`no notice ${id}`);
    const to = (parsed.state ?? notice.state) as NoticeState;
    const content = parsed.content ?? '';
    if (!statesOf(notice.type).includes(to)) {
      throw new ValidationError([
        `${to} is not a state of ${notice.type} notices (${statesOf(notice.type).join(', ')})`,
      ]);
    }
    if (to === notice.state) {
      // The same state again is a progress update, which says something.
      if (content.trim() === '') {
        throw new ValidationError([
          `notice ${noticeId} is already ${to}; an update in the same state needs content`,
        ]);
      }
    } else if (!nextStates(notice.state).includes(to)) {
      const allowed = nextStates(notice.state);
      throw new ValidationError([
        allowed.length === 0
          ? `notice ${noticeId} is ${notice.state}, which is final`
          : `notice ${noticeId} is ${notice.state}: it can move to ${allowed.join(', ')}, not ${to}`,
      ]);
    }
    const now = this.now();
    const ends = to !== notice.state && isEnded(to);
    return this.withEvent(
      () => (ends ? 'notice.resolved' : 'notice.updated'),
      async () => {
        await this.repo.changeNotice(
          noticeId,
          { state: to, ...(to === notice.state ? {} : transitionTimes(to, now)), updated_at: now },
          { state: to, content, created_at: now, updated_at: now },
        );
        return this.reader.getNotice(noticeId);
      },
    );
  }

  /** The page row, created with its defaults when the operator first adds something to it. */
  private async ensurePage(now: string): Promise<void> {
    if (await this.repo.statusPage()) return;
    await this.repo.saveStatusPage({ name: DEFAULT_PAGE_NAME, url: null, created_at: now, updated_at: now });
  }

  private async component(id: number): Promise<ComponentRow> {
    const [row] = await this.repo.componentsByIds([id]);
    if (!row) throw new NotFoundError(`no component ${id}`);
    return row;
  }

  private async requireComponents(ids: number[], field: string): Promise<void> {
    const found = new Set((await this.repo.componentsByIds(ids)).map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError([`${field}: no component ${missing.join(', ')}`]);
  }
}
