/** Every migration, in order. Bundled into the program, so they are listed here rather than read from disk. */
import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as tokens from './002-tokens.js';
import * as goals from './003-goals.js';
import * as activities from './004-activities.js';
import * as echoes from './005-echoes.js';
import * as digest from './006-digest.js';
import * as answers from './007-answers.js';
import * as v1 from './008-v1.js';
import * as status from './009-status.js';
import * as listOrder from './010-list-order.js';
import * as teamOrder from './011-team-order.js';
import * as teamInclusionFacts from './012-team-inclusion-facts.js';
import * as oauth from './013-oauth.js';
import * as jobs from './014-jobs.js';
import * as componentPosition from './015-component-position.js';
import * as reactionOrder from './016-reaction-order.js';
import * as echoDays from './017-echo-days.js';
import * as membershipHistory from './018-membership-history.js';
import * as webhooks from './019-webhooks.js';
import * as notifications from './020-notifications.js';

export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-tokens': tokens,
  '003-goals': goals,
  '004-activities': activities,
  '005-echoes': echoes,
  '006-digest': digest,
  '007-answers': answers,
  '008-v1': v1,
  '009-status': status,
  '010-list-order': listOrder,
  '011-team-order': teamOrder,
  '012-team-inclusion-facts': teamInclusionFacts,
  '013-oauth': oauth,
  '014-jobs': jobs,
  '015-component-position': componentPosition,
  '016-reaction-order': reactionOrder,
  '017-echo-days': echoDays,
  '018-membership-history': membershipHistory,
  '019-webhooks': webhooks,
  '020-notifications': notifications,
};
