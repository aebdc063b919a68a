/**
 * What the in-process benchmarks (bench/*.mjs) use of pulse, bundled as dist/bench-api.js next to the
 * program (sharing its chunks): the local store, the HTTP server and the remote client. Not a public API.
 */
export { HttpClient } from './remote/http-client.js';
export { RemoteService } from './remote/remote-service.js';
export { RemoteTeamService } from './remote/remote-team-service.js';
export { buildServer } from './server/app.js';
export { openLocalStore } from './store/local.js';
