import type {
  CaptchaNewResponse,
  CheckCodeRequest,
  ForgetRequest,
  LoginRequest,
  MemberInfo,
  ModifyInfoRequest,
  PortraitResponse,
  RegisterRequest,
  SendCodeRequest,
  TokenResponse,
  WebConfig,
} from "@beannote/contract";
import { request, upload } from "./client";

/** The accounts calls of spec §7, typed by the contract. */
export const accountsApi = {
  webConfig: () => request<WebConfig>("GET", "/config/web"),
  newCaptcha: () => request<CaptchaNewResponse>("POST", "/captcha-new", { body: {} }),
  sendCode: (body: SendCodeRequest) => request<unknown>("POST", "/member/send-code", { body }),
  checkCode: (body: CheckCodeRequest) => request<unknown>("POST", "/member/check-code", { body }),
  register: (body: RegisterRequest) => request<TokenResponse>("POST", "/member/register/email", { body }),
  forget: (body: ForgetRequest) => request<unknown>("PUT", "/member/forget", { body }),
  login: (body: LoginRequest) => request<TokenResponse>("POST", "/member/password-login", { body }),
  getInfo: () => request<MemberInfo>("GET", "/member/get-info"),
  modifyInfo: (body: ModifyInfoRequest) => request<MemberInfo>("PUT", "/member/modify-info", { body }),
  uploadPortrait: (file: Blob, onProgress?: (percent: number) => void) =>
    upload<PortraitResponse>("/upload/portrait", file, "avatar.jpg", { onProgress }),
  logout: () => request<unknown>("POST", "/member/logout", { body: {} }),
};

/** TanStack Query keys of the accounts feature. */
export const accountKeys = {
  all: ["accounts"] as const,
  config: () => [...accountKeys.all, "config"] as const,
  me: () => [...accountKeys.all, "me"] as const,
};
