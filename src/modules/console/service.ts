// The console module's public surface: members, sessions and the routes that serve them.
export { consoleAdminRoutes } from './admin-routes.ts';
export { consoleApiRoutes } from './api-routes.ts';
export { consolePages } from './page-routes.ts';
export { sessionKeys } from './session-token.ts';
export { type SessionService, sessionService } from './sessions.ts';
