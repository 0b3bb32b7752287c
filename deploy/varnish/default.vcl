# Varnish in front of Depot's gateways (docs/caching.md#varnish). Varnish 7 with the xkey vmod
# (Debian: varnish, varnish-modules). It keeps what the gateway says may be kept, for as long as
# it says (Cache-Control: s-maxage, stale-while-revalidate, stale-if-error), and drops it when a
# gateway purges the surrogate keys a change made stale (SHARED_CACHE_PURGE=varnish):
#   varnishd -a :6081 -f /etc/varnish/default.vcl -s malloc,1g
# Requests carrying credentials (Authorization, a cookie, `k` or `cid`) are never looked up nor
# stored: a private pack's answer is its caller's alone (the gateway says `private, no-store` too).
vcl 4.1;

import std;
import xkey;

# The gateways: backend.vcl beside this file (npm start's gateway on 127.0.0.1:8080; in Kubernetes
# the gateway Service, deploy/varnish/kustomization.yaml). It names one backend with a probe.
include "./backend.vcl";

# Who may purge: the gateways' addresses (acl purgers), beside this file.
include "./purgers.vcl";

sub vcl_recv {
    # An HTTP/1.1 request without Host: the gateway's own answer (docs/api.md), never passed on
    # (Varnish would give it its backend's Host).
    if (!req.http.Host && req.proto == "HTTP/1.1") {
        return (synth(400, "Missing Host header."));
    }
    if (req.method == "PURGE") {
        # Only from the gateways' addresses, straight to Varnish (a request relayed by a proxy in
        # front, an ingress, has an X-Forwarded-For of two hops): VCL compares strings with `!=`,
        # not in constant time, so nobody else gets to try the secret below.
        if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
            return (synth(403, "Forbidden"));
        }
        # And, when set (not empty), with the secret the gateways send (DEPOT_PURGE_SECRET in varnishd's
        # environment, SHARED_CACHE_PURGE_SECRET in theirs).
        if (std.getenv("DEPOT_PURGE_SECRET") ~ "." &&
            req.http.X-Purge-Secret != std.getenv("DEPOT_PURGE_SECRET")) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge: the surrogate keys to purge"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone));
    }
    unset req.http.X-Purge-Secret;
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Credentials: the caller's own answer, never shared.
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
    if (req.url ~ "[?&](k|cid|%6[bB]|%63%69%64)(=|&|$)") {
        return (pass);
    }
    # While the gateways answer, an expired answer is served at most this long past its time while
    # a fresh one is fetched (the gateway's stale-while-revalidate is 30 s by default); once they
    # are down, as long as its stale-if-error (its grace, below).
    if (req.restarts > 0) {
        # vcl_deliver's restart after an error: whatever is left of the object's grace.
        set req.grace = 3650d;
    } else if (std.healthy(req.backend_hint)) {
        set req.grace = 30s;
    }
    return (hash);
}

sub vcl_backend_response {
    # What the gateway does not say may be kept is not (Varnish's default would keep it 2 min).
    if (!beresp.http.Cache-Control) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # A failed fetch leaves the last good answer in place: in the background, it is abandoned; in
    # the foreground, it is not kept (vcl_deliver then looks for that answer).
    if (beresp.status >= 500) {
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, ".*stale-if-error=([0-9]+).*", "\1") + "s", 0s);
    }
    # Kept past grace for revalidation with the ETag (a 304 instead of the whole body).
    if (beresp.http.ETag) {
        set beresp.keep = 1h;
    }
    # Varnish's built-in rules follow: private, no-store and no-cache are never stored.
}

sub vcl_deliver {
    # An error while the last good answer is still in its grace: that answer instead.
    if (resp.status >= 500 && req.restarts == 0 && req.method == "GET") {
        set req.http.X-Depot-Stale = "1";
        return (restart);
    }
    # A gateway's write names the surrogate keys it made stale (X-Depot-Purge, the gateway's
    # cache/policy.ts): purged here, before its answer reaches the caller, so that the caller's next
    # read through this Varnish is fresh; the change event purges every Varnish a moment later.
    if (resp.http.X-Depot-Purge && req.method != "GET" && req.method != "HEAD") {
        set req.http.n-gone = xkey.purge(resp.http.X-Depot-Purge);
    }
    unset resp.http.X-Depot-Purge;
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    # The gateway's answer to a request without Host, word for word, and the connection closed.
    if (resp.status == 400 && resp.reason == "Missing Host header.") {
        set resp.http.Content-Type = "application/json; charset=utf-8";
        set resp.http.Connection = "close";
        # (a long string ends at its first `"}`: the body is written in three parts)
        set resp.body = {"{"error":"Missing Host header."} + {"""} + "}";
        return (deliver);
    }
}
