import type { MemberInfo } from "@beannote/contract";

/** Client-side user state of spec §3, derived from get-info. */
export interface UserView {
  userName: string;
  userId: string;
  userAvator: string;
  userPhone: string;
  cloudBeans: number;
  mailAccount: string;
  language: string;
}

export function toUserView(info: MemberInfo): UserView {
  return {
    userName: info.nickname.trim() || info.userId,
    userId: info.userId,
    userAvator: info.iconUrl,
    userPhone: info.phone,
    cloudBeans: info.effectCloudBeans,
    mailAccount: info.mailAccount,
    language: info.language,
  };
}

/** Phone display mask of spec §9: first 3 and last 4 characters shown. */
export function maskPhone(phone: string): string {
  const value = phone.trim();
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}${"*".repeat(value.length - 7)}${value.slice(-4)}`;
}
