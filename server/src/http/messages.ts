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
  TEXT_INVALID: {
    zh: "内容包含无法保存的字符（如空字符）",
    en: "The text contains characters that cannot be stored (such as NUL).",
  },
  ID_INVALID: { zh: "链接中的编号无效", en: "The id in the address is not valid." },
  HEADERS_TOO_LARGE: { zh: "请求头过大", en: "The request headers are too large." },
  REQUEST_TIMEOUT: { zh: "请求超时，请重试", en: "The request took too long. Please try again." },
  SERVICE_UNAVAILABLE: {
    zh: "服务暂时不可用，请稍后再试",
    en: "The service is temporarily unavailable. Please try again shortly.",
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
  FILE_NO_TEXT_NO_OCR: {
    zh: "文件中没有文字层（扫描件或图片），而此服务器未安装或未启用文字识别（OCR）",
    en: "The file has no text layer (it is scanned or only pictures), and this server has no text recognition (OCR) to read it.",
  },
  FILE_NOT_READY: { zh: "文件尚未处理完成", en: "The file is not ready yet." },
  UPLOAD_INCOMPLETE: { zh: "上传不完整，请重试", en: "The upload was incomplete. Please try again." },
  UPLOAD_ALREADY_DONE: { zh: "该文件已上传", en: "This file has already been uploaded." },
  PREVIEW_UNAVAILABLE: {
    zh: "服务器未安装文档转换组件，暂不能预览此格式",
    en: "Preview of this format is not available on this server.",
  },
  PARSE_TIMEOUT: { zh: "文件处理超时", en: "Reading the file took too long." },
  UPLOAD_SLOTS_FULL: {
    zh: "同时上传的文件太多，请等当前上传完成后再试",
    en: "Too many uploads are in progress. Wait for them to finish, then try again.",
  },
  UPLOAD_RATE_LIMITED: {
    zh: "一小时内上传的文件太多，请稍后再试",
    en: "You have uploaded too many files in the last hour. Please try again later.",
  },
  UPLOAD_EXPIRED: {
    zh: "上传链接已过期，请重新上传",
    en: "This upload has expired. Please upload the file again.",
  },
  FILE_IN_USE: {
    zh: "该文件是笔记的来源，请先删除相关笔记",
    en: "This file is a source of a note. Delete the note first.",
  },
  STORAGE_UNAVAILABLE: {
    zh: "文件存储暂时不可用，请稍后再上传",
    en: "File storage is temporarily unavailable. Please try the upload again shortly.",
  },
  TITLE_REQUIRED: { zh: "请输入笔记标题", en: "Please enter a note title." },
  TITLE_TOO_LONG: { zh: "标题不能超过 120 个字符", en: "The title must not exceed 120 characters." },
  LANGUAGE_REQUIRED: { zh: "请选择输出语言", en: "Please choose an output language." },
  DETAIL_REQUIRED: { zh: "请选择详细程度", en: "Please choose a detail level." },
  GENERATION_FAILED: { zh: "生成失败，请重试", en: "Generation failed. Please try again." },
  JOB_CANCELLED: { zh: "任务已取消", en: "The task was cancelled." },
  NOTE_NOT_READY: {
    zh: "笔记还在生成中，请等它完成后再试",
    en: "The note is still being written. Try again when it is finished.",
  },
  NOTE_FAILED: {
    zh: "这篇笔记生成失败了，请先重新生成笔记",
    en: "This note failed to generate. Generate the note again first.",
  },
  ARTEFACT_BUSY: {
    zh: "正在生成中，请等当前任务完成",
    en: "This is already being generated. Wait for it to finish.",
  },
  CARD_TEXT_INVALID: {
    zh: "卡片正反面都要填写，每面最多 2000 字",
    en: "Both sides of a card are needed, at most 2,000 characters each.",
  },
  CARD_COUNT_INVALID: {
    zh: "卡片数量需在 5 到 60 之间",
    en: "The number of cards must be between 5 and 60.",
  },
  CARD_RATING_INVALID: {
    zh: "评分只能是 1（重来）到 4（简单）",
    en: "The rating must be 1 (again) to 4 (easy).",
  },
  FLASHCARD_LIMIT: {
    zh: "每篇笔记最多 2000 张卡片",
    en: "A note can have at most 2,000 cards.",
  },
  FLASHCARDS_EMPTY: {
    zh: "这篇笔记里没有能做成卡片的内容",
    en: "This note has nothing that can be made into cards.",
  },
  BEANS_INSUFFICIENT: {
    zh: "云豆不足。充值只能在云豆笔记手机 App 中进行",
    en: "Not enough Beancoins. Recharging is done in the BeanNote mobile app.",
  },
  STUDENT_ALREADY_VERIFIED: {
    zh: "学生身份已认证，无需再次上传",
    en: "Your student status is already verified.",
  },
  STUDENT_ID_TOO_LARGE: {
    zh: "学生证图片不能超过 5 MB",
    en: "The student ID image must not exceed 5 MB.",
  },
  IMAGE_NOT_JPG_PNG: {
    zh: "请上传 JPG 或 PNG 图片",
    en: "Please upload a JPG or PNG image.",
  },
  FEEDBACK_TYPE_REQUIRED: { zh: "请选择反馈类型", en: "Please choose a feedback type." },
  FEEDBACK_SUGGESTION_REQUIRED: { zh: "请填写反馈内容", en: "Please describe your feedback." },
  FEEDBACK_SUGGESTION_TOO_LONG: {
    zh: "反馈内容最多 2000 字",
    en: "Feedback can be at most 2,000 characters.",
  },
  FEEDBACK_IMAGE_REQUIRED: { zh: "请至少上传一张图片", en: "Please add at least one image." },
  FEEDBACK_IMAGES_TOO_MANY: { zh: "最多上传 6 张图片", en: "At most 6 images can be added." },
  FEEDBACK_IMAGE_USED: {
    zh: "这张图片已随另一条反馈提交，请重新上传",
    en: "This image was already sent with another feedback. Please add it again.",
  },
  QUIZ_TYPE_REQUIRED: { zh: "请至少选择一种题型", en: "Choose at least one question type." },
  QUIZ_TYPE_INVALID: {
    zh: "题型只能是单选、多选、判断、简答、案例分析或论述",
    en: "Question types are single choice, multiple choice, true/false, short answer, case analysis or essay.",
  },
  QUIZ_COUNT_INVALID: { zh: "题目数量需在 1 到 15 之间", en: "The number of questions must be 1 to 15." },
  QUIZ_TOO_MANY: { zh: "最多 15 道题", en: "At most 15 questions." },
  QUIZ_ANSWER_INVALID: {
    zh: "答案不符合这道题的题型",
    en: "The answer does not fit this question's type.",
  },
  QUIZ_ALREADY_ANSWERED: { zh: "这道题已经作答过了", en: "This question has already been answered." },
  QUIZ_NOT_READY: {
    zh: "测验还没有生成好，请稍候",
    en: "The quiz is not ready yet. Please wait.",
  },
  QUIZ_NOTHING_TO_RETRY: {
    zh: "没有答错的题，无需重做",
    en: "No question was answered wrong, so there is nothing to retry.",
  },
  QUIZ_EMPTY: {
    zh: "这篇笔记里没有能出题的内容",
    en: "This note has nothing that questions can be made from.",
  },
  QUIZ_GENERATION_FAILED: { zh: "测验生成失败，请重试", en: "Quiz generation failed. Please try again." },
  QUIZ_NETWORK_ERROR: { zh: "网络错误，请重试", en: "Network error. Please try again." },
  EXPORT_FORMAT_INVALID: {
    zh: "请选择导出格式：PDF、Word 或 Markdown",
    en: "Choose an export format: PDF, Word or Markdown.",
  },
  EXPORT_UNAVAILABLE: {
    zh: "服务器未安装 Chromium，暂时无法导出 PDF。管理员可运行 scripts/install-system-packages.sh 安装（Debian：apt-get install chromium fonts-noto-cjk fonts-noto-core）。",
    en: "PDF export is not available: Chromium is not installed on the server. The operator can install it with scripts/install-system-packages.sh (Debian: apt-get install chromium fonts-noto-cjk fonts-noto-core).",
  },
  EXPORT_BUSY: {
    zh: "导出的人太多了，请稍后再试",
    en: "Too many exports are running. Please try again in a moment.",
  },
  EXPORT_FAILED: { zh: "导出失败，请稍后再试", en: "Export failed. Please try again later." },
  EXPORT_TOO_LARGE: {
    zh: "这篇笔记太长，无法导出为一个文件。请拆分成几篇较短的笔记后再试",
    en: "This note is too long to export as one file. Split it into shorter notes and try again.",
  },
  EXPORT_RATE_LIMITED: {
    zh: "导出太频繁了，请等一分钟后再试",
    en: "You have started too many exports. Wait a minute, then try again.",
  },
  TRANSLATE_LANGUAGE_INVALID: {
    zh: "请选择要翻译成的语言",
    en: "Choose the language to translate into.",
  },
  TRANSLATE_SAME_LANGUAGE: {
    zh: "这篇笔记已经是这种语言了，请选择其他语言",
    en: "This note is already in that language. Choose another one.",
  },
  TRANSLATE_NEEDS_MODEL: {
    zh: "翻译需要 AI 模型，本站管理员尚未配置",
    en: "Translation needs an AI model, and the operator of this site has not configured one.",
  },
  TRANSLATE_FAILED: { zh: "翻译失败，请稍后再试", en: "Translation failed. Please try again later." },
  SLIDE_COUNT_INVALID: {
    zh: "幻灯片页数需在 5 到 60 之间",
    en: "The number of slides must be between 5 and 60.",
  },
  SLIDE_TEXT_INVALID: {
    zh: "幻灯片标题不能为空，要点最多 6 条，文字不能过长",
    en: "A slide needs a title, at most 6 bullets, and text that is not too long.",
  },
  SLIDES_INVALID: {
    zh: "幻灯片列表无效（不能为空，也不能重复）",
    en: "The slide list is invalid (it must not be empty or repeat a slide).",
  },
  SLIDES_CHANGED: {
    zh: "幻灯片已被重新生成，请刷新后再编辑",
    en: "The slides were generated again meanwhile. Reload them and edit again.",
  },
  SLIDES_MISSING: { zh: "请先生成幻灯片", en: "Generate the slides first." },
  SLIDES_EMPTY: {
    zh: "笔记内容太少，无法生成幻灯片",
    en: "The note has too little content to make slides from.",
  },
  SLIDES_PDF_UNAVAILABLE: {
    zh: "此服务器无法导出 PDF 幻灯片，请下载 PPTX",
    en: "This server cannot make PDF slides. Download the PPTX instead.",
  },
  SLIDES_EXPORT_FAILED: {
    zh: "导出失败，请稍后再试",
    en: "The export failed. Please try again later.",
  },
  PODCAST_LENGTH_INVALID: {
    zh: "播客长度只能是短、标准或长",
    en: "The podcast length must be short, standard or long.",
  },
  PODCAST_EMPTY: {
    zh: "这篇笔记没有可以讲述的内容",
    en: "This note has nothing a podcast could talk about.",
  },
  PODCAST_AUDIO_FAILED: {
    zh: "语音合成失败，请稍后再试",
    en: "The audio could not be made. Please try again later.",
  },
  PODCAST_LINK_INVALID: {
    zh: "音频链接无效或已过期，请刷新页面",
    en: "This audio link is invalid or has expired. Reload the page.",
  },
  PODCAST_RANGE_INVALID: {
    zh: "请求的音频范围无效",
    en: "The requested audio range is not valid.",
  },
  QUESTION_INVALID: {
    zh: "请输入 1 到 2000 个字符的问题",
    en: "Ask a question of 1 to 2,000 characters.",
  },
  ASK_FAILED: { zh: "回答失败，请稍后再试", en: "The answer failed. Please try again later." },
};
