/**
 * The tab's log of model calls: every call an on-device model answers (the chat's and the ones
 * it lends to the memory and explorer workers), with its purpose, tokens and queue wait. The
 * store holds its totals per purpose for Settings.
 */
import { CallLog } from '../engine/cost/index.ts';

export const callLog = new CallLog();
