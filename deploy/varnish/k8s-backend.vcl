# The gateways in Kubernetes (deploy/varnish/kustomization.yaml puts this file in the Varnish pods as
# backend.vcl): the gateway Service, whose address is resolved when the VCL is loaded (a ClusterIP
# does not change). Down after two failed probes of three.
vcl 4.1;

backend gateway {
    .host = "gateway";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
    .probe = {
        .url = "/healthz";
        .interval = 1s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
    }
}
