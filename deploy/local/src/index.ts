export {
  startStack,
  describeExit,
  StartupError,
  type Stack,
  type StackOptions,
  type ExitInfo,
  type GatewayReplica,
  type Replica,
} from './stack';
export { BACKENDS, SERVICE_ENTRIES, SERVICE_NAMES, type ServiceName, type BackendName } from './service-names';
export { freePort, tcpAnswers } from './ports';
export { findExecutable } from './deps';
export type { StdioMode } from './child';
export { initialAdminPassword } from './admin-password';
export { launcherEnvSchema } from './environment';
export { ACCESS_LOG_DEFAULT, npmStartAccessLog } from './access-log';
