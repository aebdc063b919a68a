user_version 20

index activities_by_check_in (activities)
CREATE INDEX "activities_by_check_in" on "activities" ("check_in_id", "recorded_at", "id") where "check_in_id" is not null;

index activities_by_person (activities)
CREATE INDEX "activities_by_person" on "activities" ("person_id", "recorded_at" desc, "id" desc);

index activities_by_time (activities)
CREATE INDEX "activities_by_time" on "activities" ("recorded_at" desc, "id" desc);

index asks_by_person (asks)
CREATE INDEX "asks_by_person" on "asks" ("person_id", "created_at" desc, "id" desc);

index asks_pending (asks)
CREATE INDEX asks_pending ON asks (created_at) WHERE body IS NULL;

index check_in_tags_by_tag (check_in_tags)
CREATE INDEX "check_in_tags_by_tag" on "check_in_tags" ("tag", "check_in_id");

index check_in_teams_by_team_completed (check_in_teams)
CREATE INDEX "check_in_teams_by_team_completed" on "check_in_teams" ("team_id", "completed_at" desc, "check_in_id" desc) where "completed_at" is not null;

index check_in_teams_by_team_date (check_in_teams)
CREATE INDEX "check_in_teams_by_team_date" on "check_in_teams" ("team_id", "date", "check_in_id", "completed_at", "updated_at", "blocked", "previous_completed");

index check_in_teams_shared (check_in_teams)
CREATE INDEX "check_in_teams_shared" on "check_in_teams" ("team_id", "check_in_id") where "shared" = 1;

index check_ins_by_person (check_ins)
CREATE INDEX "check_ins_by_person" on "check_ins" ("person_id", "date" desc, "completed_at" desc);

index check_ins_completed_order (check_ins)
CREATE INDEX "check_ins_completed_order" on "check_ins" ("date" desc, "completed_at" desc, "id" desc) where "completed_at" is not null;

index comments_by_resource (comments)
CREATE INDEX "comments_by_resource" on "comments" ("resource_type", "resource_id", "created_at", "id");

index comments_by_time (comments)
CREATE INDEX "comments_by_time" on "comments" ("created_at" desc, "id" desc);

index digest_by_recipient (digest_entries)
CREATE INDEX "digest_by_recipient" on "digest_entries" ("recipient_id", "published_at" desc, "id" desc);

index digest_by_resource (digest_entries)
CREATE INDEX "digest_by_resource" on "digest_entries" ("resource_type", "resource_id");

index echo_answers_by_question (echo_answers)
CREATE INDEX "echo_answers_by_question" on "echo_answers" ("question_id", "published_at" desc, "id" desc);

index echo_answers_pending (echo_answers)
CREATE INDEX echo_answers_pending ON echo_answers (published_at) WHERE body IS NULL;

index echo_questions_by_person (echo_questions)
CREATE INDEX "echo_questions_by_person" on "echo_questions" ("person_id", "created_at" desc, "id" desc);

index echo_questions_due (echo_questions)
CREATE INDEX "echo_questions_due" on "echo_questions" ("next_due_at");

index goal_contributors_by_person_id (goal_contributors)
CREATE INDEX "goal_contributors_by_person_id" on "goal_contributors" ("person_id", "goal_id");

index goal_teams_by_team_id (goal_teams)
CREATE INDEX "goal_teams_by_team_id" on "goal_teams" ("team_id", "goal_id");

index goal_updates_by_goal (goal_updates)
CREATE INDEX "goal_updates_by_goal" on "goal_updates" ("goal_id", "created_at" desc, "id" desc);

index goal_updates_by_time (goal_updates)
CREATE INDEX "goal_updates_by_time" on "goal_updates" ("created_at" desc, "id" desc);

index goals_by_created (goals)
CREATE INDEX "goals_by_created" on "goals" ("created_at" desc, "id" desc);

index goals_by_owner (goals)
CREATE INDEX "goals_by_owner" on "goals" ("owner_id");

index goals_by_parent (goals)
CREATE INDEX "goals_by_parent" on "goals" ("parent_id");

index memberships_by_person (memberships)
CREATE INDEX "memberships_by_person" on "memberships" ("person_id", "team_id");

index oauth_clients_by_created (oauth_clients)
CREATE INDEX "oauth_clients_by_created" on "oauth_clients" ("created_at", "id");

index oauth_login_codes_by_expiry (oauth_login_codes)
CREATE INDEX "oauth_login_codes_by_expiry" on "oauth_login_codes" ("expires_at");

index oauth_pending_by_expiry (oauth_pending)
CREATE INDEX "oauth_pending_by_expiry" on "oauth_pending" ("expires_at");

index people_by_name (people)
CREATE INDEX "people_by_name" on "people" ("name", "id");

index people_by_slug (people)
CREATE UNIQUE INDEX "people_by_slug" on "people" ("slug");

index pulse_jobs_claimable (pulse_jobs)
CREATE INDEX "pulse_jobs_claimable" on "pulse_jobs" ("leased_until", "created_at");

index pulse_notification_slots_by_due (pulse_notification_slots)
CREATE INDEX "pulse_notification_slots_by_due" on "pulse_notification_slots" ("due_at");

index pulse_webhook_deliveries_by_webhook (pulse_webhook_deliveries)
CREATE INDEX "pulse_webhook_deliveries_by_webhook" on "pulse_webhook_deliveries" ("webhook_id", "id");

index pulse_webhook_deliveries_due (pulse_webhook_deliveries)
CREATE INDEX "pulse_webhook_deliveries_due" on "pulse_webhook_deliveries" ("state", "next_attempt_at");

index reactions_by_resource (reactions)
CREATE INDEX "reactions_by_resource" on "reactions" ("resource_type", "resource_id", "created_at", "id");

index reactions_by_time (reactions)
CREATE INDEX "reactions_by_time" on "reactions" ("created_at" desc, "id" desc);

index search_items_by_kind_time (search_items)
CREATE INDEX search_items_by_kind_time ON search_items (kind, at);

index status_notice_updates_by_notice (status_notice_updates)
CREATE INDEX "status_notice_updates_by_notice" on "status_notice_updates" ("notice_id", "id");

index status_notices_by_state (status_notices)
CREATE INDEX "status_notices_by_state" on "status_notices" ("state", "ended_at", "id");

index status_notices_by_type_state (status_notices)
CREATE INDEX "status_notices_by_type_state" on "status_notices" ("type", "state", "ended_at", "id");

index teams_by_name (teams)
CREATE UNIQUE INDEX "teams_by_name" on "teams" (lower(name));

index teams_in_name_order (teams)
CREATE INDEX "teams_in_name_order" on "teams" ("name", "id");

index tokens_by_client (tokens)
CREATE INDEX "tokens_by_client" on "tokens" ("client_id");

index tokens_by_grant (tokens)
CREATE INDEX "tokens_by_grant" on "tokens" ("grant_id");

index tokens_by_kind (tokens)
CREATE INDEX "tokens_by_kind" on "tokens" ("kind", "created_at");

index webhooks_by_person (webhooks)
CREATE INDEX "webhooks_by_person" on "webhooks" ("person_id");

index webhooks_by_team (webhooks)
CREATE INDEX "webhooks_by_team" on "webhooks" ("team_id");

table account (account)
CREATE TABLE "account" ("id" text primary key, "name" text not null, "created_at" text not null);

table activities (activities)
CREATE TABLE "activities" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "kind" text not null, "group_name" text not null, "title" text, "description" text not null, "url" text, "recorded_at" text not null, "check_in_id" text references "check_ins" ("id") on delete set null, "html_description" text);

table asks (asks)
CREATE TABLE "asks" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "prompt" text not null, "body" text, "created_at" text not null, "updated_at" text not null);

table check_in_tags (check_in_tags)
CREATE TABLE "check_in_tags" ("check_in_id" text not null references "check_ins" ("id") on delete cascade, "tag" text not null, constraint "check_in_tags_pk" primary key ("check_in_id", "tag"));

table check_in_teams (check_in_teams)
CREATE TABLE "check_in_teams" ("check_in_id" text not null references "check_ins" ("id") on delete cascade, "team_id" text not null references "teams" ("id") on delete cascade, "date" text, "completed_at" text, "updated_at" text, "blocked" integer default 0 not null, "previous_completed" integer, "shared" integer default 0 not null, constraint "check_in_teams_pk" primary key ("check_in_id", "team_id"));

table check_ins (check_ins)
CREATE TABLE "check_ins" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "date" text not null, "previous" text, "intentions" text, "blockers" text, "mood" text, "previous_completed" integer, "blocked" integer default 0 not null, "completed_at" text, "created_at" text not null, "updated_at" text not null, constraint "check_ins_person_date" unique ("person_id", "date"));

table comments (comments)
CREATE TABLE "comments" ("id" text primary key, "resource_type" text not null, "resource_id" text not null, "person_id" text not null references "people" ("id") on delete cascade, "body" text not null, "created_at" text not null);

table digest_entries (digest_entries)
CREATE TABLE "digest_entries" ("id" text primary key, "recipient_id" text not null references "people" ("id") on delete cascade, "category" text not null, "resource_type" text not null, "resource_id" text not null, "published_at" text not null, "read_at" text, constraint "digest_once" unique ("recipient_id", "resource_type", "resource_id"));

table echo_answers (echo_answers)
CREATE TABLE "echo_answers" ("id" text primary key, "question_id" text not null references "echo_questions" ("id") on delete cascade, "person_id" text not null references "people" ("id") on delete cascade, "title" text not null, "body" text, "period_start" text not null, "period_end" text not null, "published_at" text not null, "updated_at" text not null, constraint "echo_answer_once" unique ("question_id", "published_at"));

table echo_questions (echo_questions)
CREATE TABLE "echo_questions" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "prompt" text not null, "title" text not null, "frequency" text not null, "day" text, "time" text not null, "time_zone" text not null, "anchor_at" text, "paused_at" text, "created_at" text not null, "updated_at" text not null, "next_due_at" text, "every_day" integer default 0 not null, "skipped_count" integer, "skipped_from" text, "skipped_until" text);

table goal_contributors (goal_contributors)
CREATE TABLE "goal_contributors" ("goal_id" text not null references "goals" ("id") on delete cascade, "person_id" text not null references "people" ("id") on delete cascade, constraint "goal_contributors_pk" primary key ("goal_id", "person_id"));

table goal_teams (goal_teams)
CREATE TABLE "goal_teams" ("goal_id" text not null references "goals" ("id") on delete cascade, "team_id" text not null references "teams" ("id") on delete cascade, constraint "goal_teams_pk" primary key ("goal_id", "team_id"));

table goal_updates (goal_updates)
CREATE TABLE "goal_updates" ("id" text primary key, "goal_id" text not null references "goals" ("id") on delete cascade, "person_id" text not null references "people" ("id") on delete cascade, "title" text, "body" text, "progress" integer not null, "confidence" integer not null, "created_at" text not null, "updated_at" text not null);

table goals (goals)
CREATE TABLE "goals" ("id" text primary key, "title" text not null, "description" text, "start_date" text, "end_date" text, "update_cadence" text, "owner_id" text not null references "people" ("id") on delete cascade, "parent_id" text references "goals" ("id") on delete set null, "private" integer default 0 not null, "archived" integer default 0 not null, "created_at" text not null, "updated_at" text not null);

table kysely_migration (kysely_migration)
CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);

table kysely_migration_lock (kysely_migration_lock)
CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);

table member_absences (member_absences)
CREATE TABLE "member_absences" ("person_id" text not null references "people" ("id") on delete cascade, "date" text not null, constraint "member_absences_pk" primary key ("person_id", "date"));

table memberships (memberships)
CREATE TABLE "memberships" ("team_id" text not null references "teams" ("id") on delete cascade, "person_id" text not null references "people" ("id") on delete cascade, "role" text default 'active' not null, "manager" integer default 0 not null, "created_at" text not null, "visible_from" text, constraint "memberships_pk" primary key ("team_id", "person_id"));

table oauth_clients (oauth_clients)
CREATE TABLE "oauth_clients" ("id" text primary key, "name" text not null, "secret_hash" text, "redirect_uris" text not null, "created_at" text not null);

table oauth_codes (oauth_codes)
CREATE TABLE "oauth_codes" ("id" text primary key, "hash" text not null unique, "client_id" text not null references "oauth_clients" ("id") on delete cascade, "redirect_uri" text not null, "code_challenge" text not null, "person_id" text not null references "people" ("id") on delete cascade, "scope" text not null, "created_at" text not null, "expires_at" text not null, "used_at" text);

table oauth_login_codes (oauth_login_codes)
CREATE TABLE "oauth_login_codes" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "hash" text not null unique, "created_at" text not null, "expires_at" text not null, "used_at" text);

table oauth_pending (oauth_pending)
CREATE TABLE "oauth_pending" ("id" text primary key, "client_id" text not null references "oauth_clients" ("id") on delete cascade, "redirect_uri" text not null, "scope" text not null, "state" text, "code_challenge" text not null, "csrf" text not null, "person_id" text references "people" ("id") on delete cascade, "failed_tries" integer default 0 not null, "created_at" text not null, "expires_at" text not null);

table people (people)
CREATE TABLE "people" ("id" text primary key, "name" text not null, "username" text not null unique, "email" text not null unique, "time_zone" text not null, "location" text, "title" text, "bio" text, "administrator" integer default 0 not null, "kind" text default 'human' not null, "created_at" text not null, "updated_at" text not null, "first_name" text default '' not null, "last_name" text default '' not null, "slug" text default '' not null);

table pulse_jobs (pulse_jobs)
CREATE TABLE "pulse_jobs" ("id" text primary key, "kind" text not null, "target_id" text not null, "leased_until" text not null, "attempts" integer default 0 not null, "created_at" text not null, constraint "pulse_jobs_once" unique ("kind", "target_id"));

table pulse_notification_slots (pulse_notification_slots)
CREATE TABLE "pulse_notification_slots" ("key" text primary key, "kind" text not null, "due_at" text not null, "outcome" text not null, "event_id" text, "created_at" text not null);

table pulse_webhook_deliveries (pulse_webhook_deliveries)
CREATE TABLE "pulse_webhook_deliveries" ("id" integer primary key autoincrement, "webhook_id" integer not null references "webhooks" ("id") on delete cascade, "event_id" text not null references "pulse_webhook_events" ("id") on delete cascade, "state" text not null, "next_attempt_at" text not null, "expires_at" text not null, "leased_until" text, "attempts" integer default 0 not null, "last_status" integer, "last_error" text, "delivered_at" text, "created_at" text not null);

table pulse_webhook_events (pulse_webhook_events)
CREATE TABLE "pulse_webhook_events" ("id" text primary key, "type" text not null, "body" text not null, "created_at" text not null);

table reactions (reactions)
CREATE TABLE "reactions" ("id" text primary key, "resource_type" text not null, "resource_id" text not null, "person_id" text not null references "people" ("id") on delete cascade, "name" text not null, "created_at" text not null, constraint "reactions_once" unique ("resource_type", "resource_id", "person_id", "name"));

table reminder_preferences (reminder_preferences)
CREATE TABLE "reminder_preferences" ("person_id" text primary key references "people" ("id") on delete cascade, "mode" text not null, "remind_at" text, "remind_again_at" text, "updated_at" text not null);

table search_items (search_items)
CREATE TABLE search_items (
    rowid INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL UNIQUE,
    person_id TEXT NOT NULL,
    at TEXT NOT NULL
  );

table search_text (search_text)
CREATE VIRTUAL TABLE search_text USING fts5(
    body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
  );

table search_text_config (search_text_config)
CREATE TABLE 'search_text_config'(k PRIMARY KEY, v) WITHOUT ROWID;

table search_text_data (search_text_data)
CREATE TABLE 'search_text_data'(id INTEGER PRIMARY KEY, block BLOB);

table search_text_docsize (search_text_docsize)
CREATE TABLE 'search_text_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

table search_text_idx (search_text_idx)
CREATE TABLE 'search_text_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

table settings (settings)
CREATE TABLE "settings" ("key" text primary key, "value" text not null);

table sqlite_sequence (sqlite_sequence)
CREATE TABLE sqlite_sequence(name,seq);

table status_components (status_components)
CREATE TABLE "status_components" ("id" integer primary key autoincrement, "name" text not null, "description" text not null, "parent_id" integer references "status_components" ("id"), "state" text not null, "created_at" text not null, "updated_at" text not null, "position" integer default 0 not null);

table status_notice_components (status_notice_components)
CREATE TABLE "status_notice_components" ("notice_id" integer not null references "status_notices" ("id") on delete cascade, "component_id" integer not null references "status_components" ("id") on delete cascade, constraint "status_notice_components_pk" primary key ("notice_id", "component_id"));

table status_notice_updates (status_notice_updates)
CREATE TABLE "status_notice_updates" ("id" integer primary key autoincrement, "notice_id" integer not null references "status_notices" ("id") on delete cascade, "state" text not null, "content" text not null, "created_at" text not null, "updated_at" text not null);

table status_notices (status_notices)
CREATE TABLE "status_notices" ("id" integer primary key autoincrement, "type" text not null, "state" text not null, "subject" text not null, "begins_at" text, "ends_at" text, "began_at" text, "ended_at" text, "created_at" text not null, "updated_at" text not null);

table status_page (status_page)
CREATE TABLE "status_page" ("id" integer primary key check (id = 1), "name" text not null, "url" text, "created_at" text not null, "updated_at" text not null);

table team_absences (team_absences)
CREATE TABLE "team_absences" ("team_id" text not null references "teams" ("id") on delete cascade, "date" text not null, constraint "team_absences_pk" primary key ("team_id", "date"));

table team_keys (team_keys)
CREATE TABLE "team_keys" ("team_id" text primary key references "teams" ("id") on delete cascade, "hash" text not null, "created_at" text not null);

table team_notifications (team_notifications)
CREATE TABLE "team_notifications" ("team_id" text primary key references "teams" ("id") on delete cascade, "remind_at" text, "remind_again_at" text, "summary_at" text, "summary_time_zone" text, "updated_at" text not null);

table teams (teams)
CREATE TABLE "teams" ("id" text primary key, "name" text not null, "description" text, "private" integer default 0 not null, "completion_tracking" integer default 1 not null, "mood_tracking" integer default 1 not null, "report_days" text not null, "created_at" text not null, "updated_at" text not null, "questions" text);

table tokens (tokens)
CREATE TABLE "tokens" ("id" text primary key, "person_id" text not null references "people" ("id") on delete cascade, "kind" text not null, "name" text, "scope" text not null, "hash" text not null unique, "created_at" text not null, "expires_at" text, "revoked_at" text, "last_used_at" text, "grant_id" text, "client_id" text);

table webhooks (webhooks)
CREATE TABLE "webhooks" ("id" integer primary key autoincrement, "url" text not null, "secret" text not null, "format" text not null, "events" text, "created_at" text not null, "person_id" text references "people" ("id") on delete cascade, "team_id" text references "teams" ("id") on delete cascade);

trigger activities_search_delete (activities)
CREATE TRIGGER activities_search_delete AFTER DELETE ON activities BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
      END;

trigger activities_search_insert (activities)
CREATE TRIGGER activities_search_insert AFTER INSERT ON activities BEGIN
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'activity', NEW.id, NEW.person_id, NEW.recorded_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.group_name, '') || ' ' || coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger activities_search_update (activities)
CREATE TRIGGER activities_search_update AFTER UPDATE OF group_name, title, description ON activities
      BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'activity', NEW.id, NEW.person_id, NEW.recorded_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.group_name, '') || ' ' || coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger check_ins_search_delete (check_ins)
CREATE TRIGGER check_ins_search_delete AFTER DELETE ON check_ins BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
      END;

trigger check_ins_search_insert (check_ins)
CREATE TRIGGER check_ins_search_insert AFTER INSERT ON check_ins BEGIN
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'check-in', NEW.id, NEW.person_id, NEW.date WHERE 1 AND NEW.completed_at IS NOT NULL;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.previous, '') || ' ' || coalesce(NEW.intentions, '') || ' ' || coalesce(NEW.blockers, '') FROM search_items WHERE item_id = NEW.id AND NEW.completed_at IS NOT NULL;
      END;

trigger check_ins_search_update (check_ins)
CREATE TRIGGER check_ins_search_update AFTER UPDATE OF previous, intentions, blockers, completed_at ON check_ins
      BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'check-in', NEW.id, NEW.person_id, NEW.date WHERE 1 AND NEW.completed_at IS NOT NULL;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.previous, '') || ' ' || coalesce(NEW.intentions, '') || ' ' || coalesce(NEW.blockers, '') FROM search_items WHERE item_id = NEW.id AND NEW.completed_at IS NOT NULL;
      END;

trigger comments_search_delete (comments)
CREATE TRIGGER comments_search_delete AFTER DELETE ON comments BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
      END;

trigger comments_search_insert (comments)
CREATE TRIGGER comments_search_insert AFTER INSERT ON comments BEGIN
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'comment', NEW.id, NEW.person_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.body, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger comments_search_update (comments)
CREATE TRIGGER comments_search_update AFTER UPDATE OF body ON comments
      BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'comment', NEW.id, NEW.person_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.body, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger goal_updates_search_delete (goal_updates)
CREATE TRIGGER goal_updates_search_delete AFTER DELETE ON goal_updates BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
      END;

trigger goal_updates_search_insert (goal_updates)
CREATE TRIGGER goal_updates_search_insert AFTER INSERT ON goal_updates BEGIN
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'goal-update', NEW.id, NEW.person_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.title, '') || ' ' || coalesce(NEW.body, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger goal_updates_search_update (goal_updates)
CREATE TRIGGER goal_updates_search_update AFTER UPDATE OF title, body ON goal_updates
      BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'goal-update', NEW.id, NEW.person_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.title, '') || ' ' || coalesce(NEW.body, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger goals_search_delete (goals)
CREATE TRIGGER goals_search_delete AFTER DELETE ON goals BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
      END;

trigger goals_search_insert (goals)
CREATE TRIGGER goals_search_insert AFTER INSERT ON goals BEGIN
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'goal', NEW.id, NEW.owner_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '') FROM search_items WHERE item_id = NEW.id;
      END;

trigger goals_search_update (goals)
CREATE TRIGGER goals_search_update AFTER UPDATE OF title, description ON goals
      BEGIN
    DELETE FROM search_text WHERE rowid = (SELECT rowid FROM search_items WHERE item_id = OLD.id);
    DELETE FROM search_items WHERE item_id = OLD.id;
    INSERT INTO search_items (kind, item_id, person_id, at)
      SELECT 'goal', NEW.id, NEW.owner_id, NEW.created_at WHERE 1;
    INSERT INTO search_text (rowid, body)
      SELECT rowid, coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '') FROM search_items WHERE item_id = NEW.id;
      END;
