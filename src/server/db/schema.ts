import * as accounts from './schema/accounts';
import * as admin from './schema/admin';
import * as bubbles from './schema/bubbles';
import * as campaigns from './schema/campaigns';
import * as idGenerator from './schema/id-generator';
import * as invitations from './schema/invitations';
import * as journal from './schema/journal';
import * as mail from './schema/mail';
import * as media from './schema/media';
import * as newsletters from './schema/newsletters';
import * as rateLimits from './schema/rate-limits';
import * as site from './schema/site';
import * as waitlist from './schema/waitlist';

/** Every table, for Drizzle's relational queries. Tables themselves are declared only in `schema/`. */
export const schema = {
  ...rateLimits,
  ...site,
  ...mail,
  ...waitlist,
  ...media,
  ...accounts,
  ...journal,
  ...bubbles,
  ...admin,
  ...newsletters,
  ...campaigns,
  ...invitations,
  ...idGenerator,
};
export type Schema = typeof schema;
