# Who may PURGE in Kubernetes (deploy/varnish/kustomization.yaml puts this file in the Varnish pods
# as purgers.vcl): the cluster's pod network, where the gateways run; the NetworkPolicy of
# varnish.yaml lets only the gateways and the ingress controller reach Varnish, and default.vcl
# refuses a purge that came through a proxy (the ingress). Narrow it to your pod CIDR.
acl purgers {
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fd00::"/8;
}
