// A client-streamed call sent from an async iterable of messages (client.ts gives it its deadline,
// metadata, metrics and span). Backpressure: at most `inFlight` messages are written and not yet
// taken by HTTP/2 before the next is read, so a large upload holds a few messages, not the file;
// grpc-js's own buffer (16 messages) would otherwise let them pile up in the sender. The peer may
// answer before the messages end (a refusal): reading the iterable stops there.
import * as grpc from '@grpc/grpc-js';

const IN_FLIGHT = 4;

interface StreamedMethod {
  path: string;
  requestSerialize: (message: never) => Buffer;
  responseDeserialize: (bytes: Buffer) => unknown;
}

export interface StreamCall {
  deadline: Date;
  metadata: grpc.Metadata;
  /** Ends the call's metrics and span with its status. */
  finish: (err: grpc.ServiceError | null) => void;
  serialize?: (message: unknown) => Buffer;
  inFlight?: number;
  signal?: AbortSignal;
}

export function sendStream(
  client: grpc.Client,
  method: StreamedMethod,
  messages: AsyncIterable<unknown>,
  opts: StreamCall,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false;
    /** A local failure (the messages' own, or the signal's reason): the call is cancelled with it. */
    let failure: { err: unknown } | undefined;
    let wake: (() => void) | undefined;
    const call = client.makeClientStreamRequest(
      method.path,
      opts.serialize ?? (method.requestSerialize as (message: unknown) => Buffer),
      method.responseDeserialize,
      opts.metadata,
      { deadline: opts.deadline },
      (err, res) => {
        opts.finish(err);
        settled = true;
        wake?.();
        opts.signal?.removeEventListener('abort', abort);
        if (failure) reject(failure.err);
        else if (err) reject(err);
        else resolve(res);
      },
    );
    // The peer's answer, a refusal too, comes through the callback; a write after it is dropped.
    call.on('error', () => undefined);
    const fail = (err: unknown) => {
      if (settled || failure) return;
      failure = { err };
      call.cancel();
    };
    const abort = () => fail(opts.signal?.reason);
    if (opts.signal?.aborted) return abort();
    opts.signal?.addEventListener('abort', abort, { once: true });

    const bound = opts.inFlight ?? IN_FLIGHT;
    let inFlight = 0;
    const taken = () => {
      inFlight--;
      wake?.();
    };
    const send = async () => {
      for await (const message of messages) {
        if (settled || failure) return;
        inFlight++;
        call.write(message, taken);
        while (inFlight >= bound && !settled && !failure) await new Promise<void>((r) => (wake = r));
        wake = undefined;
        if (settled || failure) return;
      }
      call.end();
    };
    send().catch(fail);
  });
}
