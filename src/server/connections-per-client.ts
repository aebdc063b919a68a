/**
 * The cap on open connections per client, so that one client cannot hold every connection the server
 * allows (`maxConnections`) and lock everyone else out: a client's connection past the cap is closed as it
 * arrives, before any byte is read, as Node closes those past the total.
 *
 * A client is its address, an IPv6 one its /64 (one host is commonly given a whole /64, so counting its
 * single addresses would cap nothing). Trusted reverse proxies (`--trust-proxy`) are not capped: every
 * client behind one shares its address, and which client a connection carries is known only once its
 * requests are read; the proxy limits its clients' connections itself.
 */
import { BlockList, isIPv4, isIPv6, type Server, type Socket } from 'node:net';

/** The ranges of proxy-addr's names, which Fastify's trustProxy (and so `--trust-proxy`) takes. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address mapped into IPv6 (how a dual-stack listener sees IPv4 peers): ::ffff:1.2.3.4. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

interface Peer {
  address: string;
  family: 'ipv4' | 'ipv6';
}

/** A socket's remote address, mapped IPv4 unwrapped and an IPv6 zone dropped; undefined if none. */
function peerOf(remoteAddress: string | undefined): Peer | undefined {
  if (remoteAddress === undefined) return undefined;
  const address = (MAPPED_IPV4.exec(remoteAddress)?.[1] ?? remoteAddress).replace(/%.*$/, '');
  if (isIPv4(address)) return { address, family: 'ipv4' };
  if (isIPv6(address)) return { address, family: 'ipv6' };
  return undefined;
}

/** The first four groups of an IPv6 address, zeros written out: its /64. */
function prefix64(address: string): string {
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const [head = '', tail] = address.split('::');
  let hextets = groups(head);
  if (tail !== undefined) {
    const after = groups(tail);
    // A dotted IPv4 tail (64:ff9b::1.2.3.4) fills two groups.
    const width = after.length + (after.at(-1)?.includes('.') ? 1 : 0);
    hextets = [...hextets, ...Array<string>(8 - hextets.length - width).fill('0'), ...after];
  }
  const prefix = hextets.slice(0, 4).map((hextet) => Number.parseInt(hextet, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * What the cap counts a peer address as: an IPv4 address itself (mapped ones unwrapped), an IPv6 address
 * its /64 (`2001:db8:0:1::/64`); undefined for anything else (a socket already closed has no address).
 */
export function clientOf(remoteAddress: string | undefined): string | undefined {
  const peer = peerOf(remoteAddress);
  return peer && clientOfPeer(peer);
}

function clientOfPeer(peer: Peer): string {
  return peer.family === 'ipv4' ? peer.address : prefix64(peer.address);
}

/** The addresses, ranges and names of `--trust-proxy` as a BlockList to look peers up in. */
function trustedList(trustProxy: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((each) => NAMED_RANGES[each] ?? [each])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Closes a client's connections past `perClient` as they arrive; peers in `trustProxy` are not counted. */
export function capConnectionsPerClient(
  server: Server,
  perClient: number,
  trustProxy: readonly string[] = [],
): void {
  const open = new Map<string, number>();
  const trusted = trustProxy.length > 0 ? trustedList(trustProxy) : undefined;
  // Before Node's own listener (HTTP's parser, or TLS's handshake): a refused socket costs neither.
  server.prependListener('connection', (socket: Socket) => {
    const peer = peerOf(socket.remoteAddress);
    if (!peer || trusted?.check(peer.address, peer.family)) return;
    const client = clientOfPeer(peer);
    const held = open.get(client) ?? 0;
    if (held >= perClient) {
      socket.destroy();
      return;
    }
    open.set(client, held + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
