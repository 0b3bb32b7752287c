// OpenTelemetry tracing, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). When off, nothing of the SDK is loaded and the helpers below
// return at once, so tracing costs nothing.
//
// Instrumentation is explicit, at the three boundaries Depot owns: the gateway's HTTP requests
// (gateway/src/observability.ts), gRPC calls (grpc/client.ts injects the W3C trace context into
// the call metadata, grpc/server.ts extracts it) and events (the outbox stores the context of the
// transaction that wrote an event, the relay sends it as NATS message headers, runConsumer
// continues the trace). Nothing depends on patching modules at load time, so it behaves the same
// from sources (tsx), from dist and under jest, whatever the order in which modules load.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
  type Context,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Depot's tracer (a no-op one while tracing is off). Not cached: tests turn tracing on and off. */
export function tracer(): Tracer {
  return trace.getTracer('depot');
}

let enabled = false;
let provider: { shutdown(): Promise<void>; forceFlush(): Promise<void> } | undefined;

/** True once initTracing registered a tracer provider (callers skip span work otherwise). */
export function tracingEnabled(): boolean {
  return enabled;
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Span processors to use instead of the OTLP exporter (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
}

/** The OTLP endpoint tracing exports to, or undefined when tracing stays off. */
export function tracingEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (/^(true|1)$/i.test(env.OTEL_SDK_DISABLED ?? '') || /(^|,)\s*none\s*(,|$)/.test(env.OTEL_TRACES_EXPORTER ?? '')) {
    return undefined;
  }
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured (or span processors are
 * given). Call it once, first thing (runMain does). Returns whether tracing is on.
 * Honours the standard OTEL_* variables of the exporter (headers, timeout), the batch processor
 * (OTEL_BSP_*), the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG) and the resource
 * (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES); the service name defaults to `depot-<service>`.
 */
export function initTracing(service: string, opts: TracingOptions = {}): boolean {
  if (enabled) return true;
  const env = opts.env ?? process.env;
  if (!opts.spanProcessors && !tracingEndpoint(env)) return false;
  // Loaded only when tracing is on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  let processors = opts.spanProcessors;
  if (!processors) {
    type Otlp = typeof import('@opentelemetry/exporter-trace-otlp-http');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const otlp = require('@opentelemetry/exporter-trace-otlp-http') as Otlp;
    processors = [new sdk.tracing.BatchSpanProcessor(new otlp.OTLPTraceExporter())];
  }
  const resource = sdk.resources
    .resourceFromAttributes({ 'service.name': `depot-${service}`, 'service.namespace': 'depot' })
    .merge(sdk.resources.detectResources({ detectors: [sdk.resources.envDetector] }));
  const p = new sdk.node.NodeTracerProvider({ resource, spanProcessors: processors });
  // Global provider, AsyncLocalStorage context manager, W3C trace context + baggage propagators.
  p.register();
  provider = p;
  enabled = true;
  return true;
}

/** Exports what is buffered (waiting at most `timeoutMs` for the collector) and turns tracing off again. */
export async function shutdownTracing(timeoutMs = 3000): Promise<void> {
  const p = provider;
  if (!p) return;
  provider = undefined;
  enabled = false;
  await Promise.race([
    p.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
  ]);
  trace.disable();
  context.disable();
  propagation.disable();
}

/** Sends buffered spans now (tests). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

export type TraceCarrier = Record<string, string>;

/** The active trace context as W3C headers (`traceparent`, `tracestate`), or undefined. */
export function traceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  if (!enabled || !trace.getSpan(ctx)) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return Object.keys(carrier).length ? carrier : undefined;
}

/** The context a carrier describes (the root context for none). */
export function contextFromCarrier<C>(carrier: C | null | undefined, getter?: TextMapGetter<C>): Context {
  if (!enabled || carrier === null || carrier === undefined) return ROOT_CONTEXT;
  return getter ? propagation.extract(ROOT_CONTEXT, carrier, getter) : propagation.extract(ROOT_CONTEXT, carrier);
}

/** Writes the context into a carrier (gRPC metadata, NATS headers...). */
export function injectContext<C>(ctx: Context, carrier: C, setter: TextMapSetter<C>): void {
  if (enabled) propagation.inject(ctx, carrier, setter);
}

/** Trace and span ids of the active span, for log lines; empty when there is none. */
export function activeTraceIds(): { trace_id?: string; span_id?: string } {
  if (!enabled) return {};
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
