#!/usr/bin/env node
// The Action's post step (action.yml `runs.post`; dist-action/post.js once built): runs after the main step's process
// has ended, background embedding included, and saves the caches the main step restored and the run changed.
import { createActionLog } from "./action-log.js";
import { createActionsCache } from "./actions-cache.js";
import { CACHES_STATE, entriesToSave, readCachesState, saveRunCaches } from "./run-caches.js";

const log = createActionLog((text) => process.stdout.write(text));
const state = readCachesState(process.env[`STATE_${CACHES_STATE}`]);
if (state) await saveRunCaches(createActionsCache(), entriesToSave(state.restored, state.succeeded), log);
