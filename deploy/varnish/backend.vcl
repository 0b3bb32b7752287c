# The gateway Varnish sends requests to (included by default.vcl): npm start's. Its probe tells
# Varnish when the gateway is down: expired answers are then served for their stale-if-error.
vcl 4.1;

backend gateway {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
    # Down after two failed probes of three.
    .probe = {
        .url = "/healthz";
        .interval = 1s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
    }
}

