// The cart checkout's speed on one engine, this build beside the baseline's build (the commit of
// bench/baselines/checkout.json, the checkout before it was made faster; bench/baseline-build.mjs). Both
// run at once, each on its own database with its own buyers and parts, at the shipped settings
// (shopEnv), and take turns: ROUNDS rounds in which each build sells for ROUND_SECONDS, the first of
// each round alternating, so that a machine slowing down or speeding up during the run weighs on both
// builds alike. The median round's ratio is the figure, as for the catalogue's ratio. Where the
// baseline's build cannot be had, this build is measured alone and compared with the orders/s the
// baseline recorded.
import { baselineBuild } from './baseline-build.mjs';
import { createPart, FLOWS, signUpAccounts, sustain } from './checkout-flows.mjs';
import { createDatabase, dropDatabase, percentile, root, startShop, stop } from './lib.mjs';
import { readBaseline } from './records.mjs';

export const SPEED_FLOW = 'cart checkout';
export const ROUNDS = 3;
export const ROUND_SECONDS = 10;
const WARM_UP_SECONDS = 10;
const STOCK = 1_000_000;
const flow = FLOWS.find((candidate) => candidate.name === SPEED_FLOW);
if (!flow) throw new Error(`no flow named ${SPEED_FLOW}`);

/**
 * Where the baseline's figures come from: its build, made now (or kept from an earlier run), or, where
 * that cannot be done, the orders/s its record holds per engine.
 * @returns {Promise<{ commit: string, dir: string } | { commit: string, recorded: Map<string, number>, why: string, on: string } | undefined>}
 */
export async function baselineSource() {
  const recorded = readBaseline(root, 'checkout');
  const commit = recorded?.commit.id;
  if (!recorded || !commit) return undefined;
  const built = await baselineBuild(commit);
  if ('dir' in built) return { commit, dir: built.dir };
  return { commit, recorded: recordedSpeeds(recorded), why: built.why, on: recorded.startedAt.slice(0, 10) };
}

/**
 * The SPEED_FLOW orders/s per engine in a checkout record, worked out from its orders and the run's
 * seconds ("50 buyers, 10.7 s"), not read from the rounded throughput.
 * @param {import('./records.mjs').BenchRecord} record
 */
function recordedSpeeds(record) {
  /** @type {Map<string, number>} */
  const speeds = new Map();
  for (const row of record.figures.tables[0]?.rows ?? []) {
    const [label, run, load, orders] = row;
    const seconds = Number(/, ([\d.]+) s$/.exec(load ?? '')?.[1]);
    if (label && run === SPEED_FLOW && seconds > 0) speeds.set(label, Number(orders) / seconds);
  }
  return speeds;
}

/**
 * One build's shop for the rounds: its own database (PostgreSQL) or data folder (PGlite), buyers and two
 * parts with plenty of stock.
 * @param {string} engine @param {number} port @param {string} [dir] the build's folder (this project's by default)
 */
async function startSide(engine, port, dir) {
  const database = engine === 'PostgreSQL' ? await createDatabase() : undefined;
  try {
    const shop = await startShop({ port, databaseUrl: database?.url, dir });
    try {
      const { admin, buyers } = await signUpAccounts(shop.url);
      const parts = [await createPart(shop.url, admin, STOCK), await createPart(shop.url, admin, STOCK)];
      /** @type {Awaited<ReturnType<typeof sustain>>[]} */
      const rounds = [];
      return { shop, database, buyers, parts, rounds };
    } catch (error) {
      await stop(shop);
      throw error;
    }
  } catch (error) {
    if (database) await dropDatabase(database.name);
    throw error;
  }
}

/** @param {Awaited<ReturnType<typeof startSide>>} side @param {number} seconds */
const sell = (side, seconds) => sustain(flow, () => side.shop.url, side.buyers, side.parts, seconds);

const perSecond = (/** @type {{ paid: number, seconds: number }} */ run) => run.paid / run.seconds;

/**
 * This build's SPEED_FLOW on `engine` in alternating rounds beside the baseline's build (when `source`
 * has one); on PostgreSQL `whileUp` runs on this build's database and parts before they are dropped
 * (the SQL floor). Returns each round's orders/s of both builds and their ratio, the median round (by
 * ratio), this build's p99 over all its rounds, and what `whileUp` answered (undefined on PGlite).
 * @template T
 * @param {'PGlite' | 'PostgreSQL'} engine @param {[number, number]} ports
 * @param {Awaited<ReturnType<typeof baselineSource>>} source
 * @param {(side: { databaseUrl: string, partIds: string[] }) => Promise<T>} whileUp
 */
export async function checkoutSpeed(engine, ports, source, whileUp) {
  /** @type {Awaited<ReturnType<typeof startSide>>[]} */
  const started = [];
  try {
    const measured = await startSide(engine, ports[0]);
    started.push(measured);
    const baseline = source && 'dir' in source ? await startSide(engine, ports[1], source.dir) : undefined;
    if (baseline) started.push(baseline);

    for (const side of started) await sell(side, WARM_UP_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      const turns = round % 2 === 0 ? [...started].reverse() : started;
      for (const side of turns) side.rounds.push(await sell(side, ROUND_SECONDS));
    }

    const recorded = source && 'recorded' in source ? source.recorded.get(engine) : undefined;
    const rounds = measured.rounds.map((run, i) => {
      const before = baseline?.rounds[i];
      const against = before ? perSecond(before) : (recorded ?? Number.NaN);
      const orders = perSecond(run);
      return { measured: orders, baseline: against, ratio: orders / against };
    });
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
    if (!median) throw new Error('no rounds');
    const during = measured.database
      ? await whileUp({ databaseUrl: measured.database.url, partIds: measured.parts })
      : undefined;
    return {
      rounds,
      median,
      during,
      p99: percentile(
        measured.rounds.flatMap((run) => run.latencies),
        99,
      ),
    };
  } finally {
    for (const side of started) {
      await stop(side.shop);
      if (side.database) await dropDatabase(side.database.name);
    }
  }
}
