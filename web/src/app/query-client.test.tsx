import type { ReactNode } from "react";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { accountKeys } from "../api";
import { createQueryClient } from "./query-client";
import { useDeckActions } from "../features/flashcards/use-deck-actions";
import { useJobStream } from "../features/notes/use-job-stream";

const mocks = vi.hoisted(() => ({ generate: vi.fn(), readJobEvents: vi.fn() }));
vi.mock("../features/flashcards/api", async (load) => {
  const actual = await load<typeof import("../features/flashcards/api")>();
  return { ...actual, flashcardsApi: { ...actual.flashcardsApi, generate: mocks.generate } };
});
vi.mock("../api/jobs", () => ({ readJobEvents: mocks.readJobEvents }));

afterEach(cleanup);

/** The header's view of the account: balances read from the server, one per call. */
function setup(balances: number[]) {
  const client = createQueryClient();
  const getInfo = vi.fn(() => Promise.resolve({ cloudBeans: balances.shift() ?? -1 }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const useHeaderBalance = () =>
    useQuery({ queryKey: [...accountKeys.me(), "token"], queryFn: getInfo, staleTime: 30_000 }).data
      ?.cloudBeans;
  return { wrapper, getInfo, useHeaderBalance };
}

describe("the header's Beancoin balance", { timeout: 30_000 }, () => {
  it("is read again as soon as a paid action has started its job (it stayed stale until navigation)", async () => {
    const { wrapper, useHeaderBalance } = setup([100, 98]);
    mocks.generate.mockResolvedValue({ jobId: "j1" });
    const { result } = renderHook(() => ({ balance: useHeaderBalance(), deck: useDeckActions("n1") }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.balance).toBe(100));
    await act(() => result.current.deck.generate.mutateAsync({ count: 10 }));
    await waitFor(() => expect(result.current.balance).toBe(98));
  });

  it("is read again when a job fails, which gives the Beancoins back", async () => {
    const { wrapper, getInfo, useHeaderBalance } = setup([98, 100]);
    mocks.readJobEvents.mockImplementation(
      (
        _jobId: string,
        options: { onEvent: (event: { id: number; type: string; data: unknown }) => void },
      ) => {
        options.onEvent({ id: 1, type: "error", data: { code: "GENERATION_FAILED", message: "failed" } });
        return Promise.resolve();
      },
    );
    const { result } = renderHook(
      () => ({ balance: useHeaderBalance(), job: useJobStream(getInfo.mock.calls.length ? "j1" : null) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.balance).toBe(100));
    expect(result.current.job.phase).toBe("error");
  });
});
