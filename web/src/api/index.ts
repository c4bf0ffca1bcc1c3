export { ApiError, isApiError } from "./api-error";
export { accountsApi, accountKeys } from "./accounts";
export { request, upload, uploadFiles, apiHeaders, REQUEST_TIMEOUT_MS } from "./client";
export { getToken, setToken, subscribeToken, TOKEN_STORAGE_KEY } from "./session-storage";
