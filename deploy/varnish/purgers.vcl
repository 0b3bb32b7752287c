# Who may PURGE (included by default.vcl): the gateways' addresses, here npm start's on the same
# machine. Add the gateways' hosts when they run elsewhere (in Kubernetes, k8s-purgers.vcl).
acl purgers {
    "127.0.0.1";
    "::1";
}
