// Depot's rules, defined once for the services, the gateway, the admin CLI and the console: the
// errors and their messages, names, permissions, passwords, two-factor facts, launcher visibility,
// timestamps and mirror URLs as the API shows them, the events between services, the views of
// keys and tokens, and the pack doctor's diagnosis. No process, connection or setting lives here:
// those are common's other entry points (services/common/README.md).
export * from './errors';
export * from './time';
export * from './events';
export * from './visibility';
export * from './permissions';
export * from './names';
export * from './field-messages';
export * from './passwords';
export * from './two-factor';
export * from './urls';
export * from './adopt-outcomes';
export * from './credential-views';
export * from './pack-doctor/report';
export * from './pack-doctor/diagnose';
export * from './mod-facts';
export * from './server-pack';
export * from './exports';
export * from './webhooks';
