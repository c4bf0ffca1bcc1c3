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
import { apiPath } from "@beannote/contract/paths";
import { request, upload } from "./client";

/** The accounts calls of spec §7, typed by the contract. */
export const accountsApi = {
  webConfig: () => request<WebConfig>("GET", apiPath("webConfig")),
  newCaptcha: () => request<CaptchaNewResponse>("POST", apiPath("captchaNew"), { body: {} }),
  sendCode: (body: SendCodeRequest) => request<unknown>("POST", apiPath("memberSendCode"), { body }),
  checkCode: (body: CheckCodeRequest) => request<unknown>("POST", apiPath("memberCheckCode"), { body }),
  register: (body: RegisterRequest) => request<TokenResponse>("POST", apiPath("memberRegister"), { body }),
  forget: (body: ForgetRequest) => request<unknown>("PUT", apiPath("memberForget"), { body }),
  login: (body: LoginRequest) => request<TokenResponse>("POST", apiPath("memberLogin"), { body }),
  getInfo: () => request<MemberInfo>("GET", apiPath("memberInfo")),
  modifyInfo: (body: ModifyInfoRequest) => request<MemberInfo>("PUT", apiPath("memberModifyInfo"), { body }),
  uploadPortrait: (file: Blob, onProgress?: (percent: number) => void) =>
    upload<PortraitResponse>(apiPath("portraitUpload"), file, "avatar.jpg", { onProgress }),
  logout: () => request<unknown>("POST", apiPath("memberLogout"), { body: {} }),
};

/** TanStack Query keys of the accounts feature. */
export const accountKeys = {
  all: ["accounts"] as const,
  config: () => [...accountKeys.all, "config"] as const,
  me: () => [...accountKeys.all, "me"] as const,
};
