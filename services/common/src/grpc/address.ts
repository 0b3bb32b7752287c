// Where a gRPC peer answers, as the *_GRPC_ADDR settings say it, and the target grpc-js is given.
// One name (`catalog:50051`): the DNS resolver, which returns every address of the name (a headless
// Service in Kubernetes: every ready pod). A list of addresses (`127.0.0.1:7001,127.0.0.1:7002`):
// where there is no DNS to ask, as for the replicas of the local stack, grpc-js's static
// `ipv4:`/`ipv6:` resolver. Either way the clients balance round_robin over every address.
import net from 'node:net';

const ONE_ADDRESS = /^(dns:\/\/\/)?[^\s:,]+:\d{1,5}$/;
const IPV4_ENTRY = /^([^\s:,[\]]+):(\d{1,5})$/;
const IPV6_ENTRY = /^\[([^\s\]]+)\]:(\d{1,5})$/;

/** The family of a static list (`ipv4`, `ipv6`), or undefined when `address` is not one. */
function staticListFamily(address: string): 'ipv4' | 'ipv6' | undefined {
  if (!address.includes(',')) return undefined;
  const families = address.split(',').map((entry) => {
    const v4 = IPV4_ENTRY.exec(entry);
    if (v4 && net.isIPv4(v4[1]) && Number(v4[2]) <= 65535) return 'ipv4';
    const v6 = IPV6_ENTRY.exec(entry);
    if (v6 && net.isIPv6(v6[1]) && Number(v6[2]) <= 65535) return 'ipv6';
    return undefined;
  });
  // grpc-js resolves one family per target.
  return families.every((f) => f === families[0]) ? families[0] : undefined;
}

/** True for `host:port` (optionally `dns:///host:port`) or a list of IP:port of one family. */
export function isGrpcAddress(address: string): boolean {
  return ONE_ADDRESS.test(address) || staticListFamily(address) !== undefined;
}

export const GRPC_ADDRESS_RULE = 'must be host:port, or a comma-separated list of IP:port (one family)';

/**
 * `host:port` → `dns:///host:port`, so the resolver returns every replica; a list of IP:port →
 * `ipv4:a:p1,b:p2` (or `ipv6:`); anything else with a scheme is passed on as is.
 */
export function grpcTarget(address: string): string {
  const family = staticListFamily(address);
  if (family) return `${family}:${address}`;
  return /^[a-z]+:/.test(address) && !/^[\w.-]+:\d+$/.test(address) ? address : `dns:///${address}`;
}
