/**
 * The Content-Security-Policy of every web page: everything from our own origin, nothing inline, no
 * third party. Scripts are Vite's bundled modules. CodeMirror would write a <style> element when mounted
 * in the document, so the playground mounts it in a shadow root, where it uses constructable stylesheets
 * (and CSSOM), which `style-src 'self'` allows. The Stripe checkout is a top-level navigation
 * (location.assign), which CSP does not govern.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, string[]>> = Object.freeze({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
});
