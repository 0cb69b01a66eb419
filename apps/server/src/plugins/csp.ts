/**
 * Google's host of profile pictures (the OIDC `picture` claim). The only external image the web shows;
 * a picture from another provider's host is blocked and the avatar shows the user's initials instead.
 */
export const AVATAR_IMAGE_HOST = 'https://lh3.googleusercontent.com';

/** The push hub's WebSocket origin for the public address: ws://host for http, wss://host for https. */
export function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The Content-Security-Policy directives (helmet's format): everything from this origin only, no
 * `https:`/`ws:` wildcards. connect-src names the same-origin WebSocket explicitly ('self' covers it in
 * CSP3 browsers, older ones need it spelt out). Inline styles stay allowed: MUI/emotion inject them.
 */
export function contentSecurityDirectives(publicUrl: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', AVATAR_IMAGE_HOST],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", webSocketOrigin(publicUrl)],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
