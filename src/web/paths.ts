/**
 * The top-level paths the web dashboard serves: pages for people, not API routes, so the OpenAPI document
 * leaves them out (http/docs-routes.ts). A page under a new top-level path adds its first segment here.
 */
export const WEB_PATHS = /^\/(?:$|(?:assets|signin|signup|verify|signout|dashboard|admin|tools)(?:\/|$))/;
