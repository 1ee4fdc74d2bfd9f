/**
 * @toolapi/client — the typed client of toolapi: one namespace per module, one method per tool, file
 * uploads with `download()`, typed errors, retries, timeouts, and the MCP fix–verify loop.
 */
export { ToolApi, VERSION, type InputOf, type OutputOf, type ToolApiOptions } from './client.ts';
export {
  ForbiddenError,
  QuotaExceededError,
  RateLimitError,
  ToolApiConnectionError,
  ToolApiError,
  ToolApiTimeoutError,
  LocalFileError,
  TooManyRequestsError,
  UnauthorizedError,
  type ErrorEnvelope,
  type ToolApiErrorInit,
} from './errors.ts';
export type { DownloadableFile, DownloadOptions, FileData, FileInput, FileResult, NamedFile, SavedFile } from './files.ts';
export {
  McpClient,
  McpError,
  type FixRound,
  type Gate,
  type McpCallOptions,
  type McpClientOptions,
  type McpFinding,
  type McpFix,
  type McpToolInfo,
  type TaskReport,
  type VerifyDelta,
  type VerifyResult,
  type VerifyUntilPassOptions,
  type VerifyUntilPassResult,
} from './mcp.ts';
export type { FetchLike } from './transport.ts';
export type { CallOptions, CatalogTool, HttpMethod, OperationInfo, ResponseMeta, ResponseShape, RetryOptions, ToolResponse, Usage } from './types.ts';
export { OPERATIONS, type Invoke, type OperationId, type OperationMap } from './generated/operations.ts';
export * from './generated/namespaces.ts';
export type * from './generated/types.ts';
