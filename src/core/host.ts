// Host names compared as the node compares them: case-folded, without a port or trailing dots.
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '');
}
