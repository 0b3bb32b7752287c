// @depot/common/bus: NATS JetStream, the bus that carries domain events between services.
export * from './nats';
