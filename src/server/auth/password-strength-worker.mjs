// The password-strength estimator (zxcvbn-ts) in a worker thread of its own (auth/password-strength.ts
// says why). Plain JavaScript, loaded by path, so that the server's sources, its tests and its bundle
// start the same file.
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/** Beyond this many characters the estimate stops growing, and its cost would (it is quadratic). */
const ESTIMATED_LENGTH = 64;

const common = new Set(commonDictionary['passwords-common']);
const estimator = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  maxLength: ESTIMATED_LENGTH,
});

parentPort?.on('message', ({ id, password, userInputs }) => {
  if (common.has(password.toLowerCase())) {
    parentPort?.postMessage({ id, common: true, score: 0, why: null });
    return;
  }
  const { score, feedback } = estimator.check(password, userInputs);
  parentPort?.postMessage({
    id,
    common: false,
    score,
    why: feedback.warning ?? feedback.suggestions[0] ?? null,
  });
});
