import { useRef } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigProvider, Form, Input } from "antd";
import { ApiError } from "../../api/api-error";
import { CaptchaField, type CaptchaHandle } from "./CaptchaField";
import { SendCodeButton } from "./SendCodeButton";

const api = vi.hoisted(() => ({ newCaptcha: vi.fn(), sendCode: vi.fn() }));
vi.mock("../../api", async (load) => ({ ...(await load<object>()), accountsApi: api }));
vi.mock("../account/use-web-config", () => ({ useWebConfig: () => ({ data: undefined }) }));

afterEach(cleanup);

let images = 0;
api.newCaptcha.mockImplementation(() => {
  images += 1;
  return Promise.resolve({ captchaId: `c${images}`, image: `data:image/svg+xml,<svg id="${images}"/>` });
});
api.sendCode.mockRejectedValue(
  new ApiError({ status: 400, code: "CAPTCHA_INVALID", message: "The security code is wrong" }),
);

/** The register form's e-mail + captcha + send-code trio. */
function SendCodeForm() {
  const captcha = useRef<CaptchaHandle>(null);
  return (
    // No motion: jsdom never ends the transition that removes a message.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Form>
        <Form.Item name="email" initialValue="student@example.com">
          <Input />
        </Form.Item>
        <CaptchaField ref={captcha} />
        <SendCodeButton type="register" onCaptchaStale={() => captcha.current?.refresh()} />
      </Form>
    </ConfigProvider>
  );
}

const captchaInput = () => screen.getByTestId("captcha-input") as HTMLInputElement;

describe("captcha field after a wrong code", { timeout: 30_000 }, () => {
  it("keeps the server's message under a fresh image until the student types again", async () => {
    render(<SendCodeForm />);
    await waitFor(() => expect(screen.getByTestId("captcha-image").getAttribute("src")).toContain('id="1"'));
    fireEvent.change(captchaInput(), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "auth.actions.sendCode" }));

    // a new image is loaded (a captcha answers one send) and the field is emptied for its code…
    await waitFor(() => expect(screen.getByTestId("captcha-image").getAttribute("src")).toContain('id="2"'));
    await waitFor(() => expect(captchaInput().value).toBe(""));
    // …but the message stays (it used to vanish ~250 ms later, when the new image came)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText("errors.code.CAPTCHA_INVALID")).toBeTruthy();

    fireEvent.change(captchaInput(), { target: { value: "A" } });
    await waitFor(() => expect(screen.queryByText("errors.code.CAPTCHA_INVALID")).toBeNull());
  });
});
