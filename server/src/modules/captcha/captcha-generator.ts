import svgCaptcha from "svg-captcha";

export interface CaptchaChallenge {
  /** The answer, compared case-insensitively. */
  text: string;
  /** A data URL the browser can show as an image. */
  image: string;
}

export interface CaptchaGenerator {
  generate(): CaptchaChallenge;
}

/** Four characters drawn as SVG with noise; look-alike characters left out. */
export function createSvgCaptchaGenerator(): CaptchaGenerator {
  return {
    generate() {
      const { text, data } = svgCaptcha.create({
        size: 4,
        noise: 3,
        ignoreChars: "0oO1iIlL",
        color: true,
        background: "#f4f6fb",
        width: 120,
        height: 44,
      });
      return { text, image: `data:image/svg+xml;base64,${Buffer.from(data).toString("base64")}` };
    },
  };
}
