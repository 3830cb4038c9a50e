import { afterAll, beforeAll, describe } from 'vitest';
import { type Cluster, PROCESSES, startCluster } from './harness';
import { campaignScenario } from './scenarios/campaign';
import { journeyScenario } from './scenarios/journey';
import { killScenario } from './scenarios/kill';
import { liveListScenario } from './scenarios/live-list';
import { rateLimitScenario } from './scenarios/rate-limits';
import { remindersScenario } from './scenarios/reminders';
import { rollingRestartScenario } from './scenarios/rolling-restart';
import { videoScenario } from './scenarios/video';

/**
 * Issue #18: many app processes on one PostgreSQL and one S3 store, behind a load balancer, behave as one.
 * Each scenario is a module of its own sharing the cluster; the ones that stop or kill processes come last
 * and leave all processes running again. A new scenario: a file in scenarios/, and one line here.
 */

let cluster: Cluster | undefined;
const current = () => {
  if (!cluster) throw new Error('the cluster did not start');
  return cluster;
};

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.close();
});

describe(`${PROCESSES} app processes on one PostgreSQL and S3, behind a round-robin proxy`, () => {
  journeyScenario(current);
  liveListScenario(current);
  rateLimitScenario(current);
  videoScenario(current);
  campaignScenario(current);
  remindersScenario(current);
  killScenario(current);
  rollingRestartScenario(current);
});
