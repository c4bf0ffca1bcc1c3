import type { ErrorCode } from "@beannote/contract";

export type ServerLanguage = "zh" | "en";

/** `language` header rule of spec §3: zh when it starts with zh, else en. */
export function languageOf(header: string | string[] | undefined): ServerLanguage {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.toLowerCase().startsWith("zh") ? "zh" : "en";
}

export const SUCCESS_MESSAGE: Record<ServerLanguage, string> = { zh: "成功", en: "success" };

export const ERROR_MESSAGES: Record<ErrorCode, Record<ServerLanguage, string>> = {
  BAD_REQUEST: { zh: "请求无效", en: "The request is invalid." },
  VALIDATION_FAILED: { zh: "提交的内容不符合要求", en: "Some fields are missing or invalid." },
  BAD_JSON: { zh: "请求体不是有效的 JSON", en: "The request body is not valid JSON." },
  NOT_FOUND: { zh: "找不到请求的内容", en: "Not found." },
  UNAUTHORIZED: { zh: "请先登录", en: "Please log in first." },
  TOKEN_INVALID: { zh: "登录已失效，请重新登录", en: "Your session has ended. Please log in again." },
  FORBIDDEN: { zh: "没有权限", en: "You are not allowed to do this." },
  RATE_LIMITED: { zh: "操作太频繁，请稍后再试", en: "Too many requests. Please try again later." },
  PAYLOAD_TOO_LARGE: { zh: "请求内容过大", en: "The request is too large." },
  INTERNAL: {
    zh: "服务器出错了，请稍后再试",
    en: "Something went wrong on our side. Please try again later.",
  },
  CAPTCHA_INVALID: { zh: "图形验证码错误或已过期", en: "The security image code is wrong or has expired." },
  EMAIL_INVALID: { zh: "邮箱格式不正确", en: "Invalid e-mail address." },
  CODE_INVALID: { zh: "验证码错误", en: "Wrong verification code." },
  CODE_EXPIRED: {
    zh: "验证码已过期，请重新获取",
    en: "The verification code has expired. Please request a new one.",
  },
  CODE_TOO_MANY_TRIES: {
    zh: "验证码错误次数过多，请重新获取",
    en: "Too many wrong attempts. Please request a new code.",
  },
  CODE_TOO_FREQUENT: {
    zh: "发送太频繁，请稍后再试",
    en: "A code was sent recently. Please wait before asking again.",
  },
  PASSWORD_WEAK: {
    zh: "密码需为 8–64 位，且同时包含字母和数字",
    en: "The password must be 8–64 characters with at least one letter and one digit.",
  },
  PASSWORD_MISMATCH: { zh: "两次输入的密码不一致", en: "The passwords do not match." },
  LOGIN_FAILED: { zh: "邮箱或密码错误", en: "Invalid e-mail or password." },
  LOGIN_BLOCKED: {
    zh: "登录失败次数过多，请稍后再试",
    en: "Too many failed logins. Please try again later.",
  },
  ACCOUNT_DISABLED: { zh: "该账号已被停用", en: "This account has been disabled." },
  EMAIL_TAKEN: { zh: "该邮箱已注册，请直接登录", en: "This e-mail is already registered. Please log in." },
  NICKNAME_INVALID: { zh: "昵称需为 1–32 个字符", en: "The nickname must be 1–32 characters." },
  IMAGE_INVALID: { zh: "请上传 JPG、PNG 或 WebP 图片", en: "Please upload a JPG, PNG or WebP image." },
  IMAGE_TOO_LARGE: { zh: "图片不能超过 2 MB", en: "The image must not exceed 2 MB." },
  FILE_REQUIRED: { zh: "请选择文件", en: "No file selected." },
  FILE_TOO_LARGE: { zh: "文件过大", en: "The file is too large." },
  FILE_UNSUPPORTED: {
    zh: "不支持的文件格式，仅支持 PDF、DOCX、PPTX、DOC、PPT",
    en: "Unsupported format. Only PDF, DOCX, PPTX, DOC and PPT are accepted.",
  },
  FILE_EMPTY: { zh: "文件是空的", en: "The file is empty." },
  FILE_ENCRYPTED: {
    zh: "文件已加密，请移除密码后再上传",
    en: "The file is password-protected. Remove the password and upload it again.",
  },
  FILE_CORRUPT: { zh: "文件已损坏，无法读取", en: "The file is damaged and cannot be read." },
  FILE_NO_TEXT: {
    zh: "文件中没有可提取的文字（可能是扫描件或图片）",
    en: "No text could be extracted (the file may be scanned or contain only pictures).",
  },
  FILE_NOT_READY: { zh: "文件尚未处理完成", en: "The file is not ready yet." },
  UPLOAD_INCOMPLETE: { zh: "上传不完整，请重试", en: "The upload was incomplete. Please try again." },
  UPLOAD_ALREADY_DONE: { zh: "该文件已上传", en: "This file has already been uploaded." },
  PREVIEW_UNAVAILABLE: {
    zh: "服务器未安装文档转换组件，暂不能预览此格式",
    en: "Preview of this format is not available on this server.",
  },
  PARSE_TIMEOUT: { zh: "文件处理超时", en: "Reading the file took too long." },
  TITLE_REQUIRED: { zh: "请输入笔记标题", en: "Please enter a note title." },
  LANGUAGE_REQUIRED: { zh: "请选择输出语言", en: "Please choose an output language." },
  DETAIL_REQUIRED: { zh: "请选择详细程度", en: "Please choose a detail level." },
  GENERATION_FAILED: { zh: "生成失败，请重试", en: "Generation failed. Please try again." },
  JOB_CANCELLED: { zh: "任务已取消", en: "The task was cancelled." },
};
