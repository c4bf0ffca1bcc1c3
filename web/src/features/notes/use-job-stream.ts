import { useEffect, useRef, useState } from "react";
import type { JobError, JobProgress } from "@beannote/contract";
import { readJobEvents } from "../../api/jobs";
import { useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../api/api-error";
import { refreshBalance } from "../beans/balance";

/** A note section as the engine finishes it (`partial` event). */
export interface PartialSection {
  index: number;
  total: number;
  heading: string;
  markdown: string;
}

export interface JobStreamState {
  phase: "connecting" | "running" | "done" | "error";
  progress: JobProgress | null;
  sections: PartialSection[];
  error: JobError | null;
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/** Follows a job's events, reconnecting from the last event id when the stream drops. */
export function useJobStream(jobId: string | null | undefined): JobStreamState {
  const [state, setState] = useState<JobStreamState>({
    phase: "connecting",
    progress: null,
    sections: [],
    error: null,
  });
  const lastId = useRef(0);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    lastId.current = 0;
    setState({ phase: "connecting", progress: null, sections: [], error: null });
    let finished = false;

    void (async () => {
      let failures = 0;
      while (!finished && !controller.signal.aborted) {
        try {
          await readJobEvents(jobId, {
            lastEventId: lastId.current,
            signal: controller.signal,
            onEvent: (event) => {
              if (event.id) lastId.current = event.id;
              failures = 0;
              // A failed or cancelled job gives its Beancoins back.
              if (event.type === "error") refreshBalance(queryClient);
              setState((s) => {
                switch (event.type) {
                  case "progress":
                    return { ...s, phase: "running", progress: event.data as JobProgress };
                  case "restart":
                    // A retry of the job: what the failed attempt wrote is gone.
                    return { ...s, phase: "running", progress: null, sections: [] };
                  case "partial": {
                    const section = event.data as PartialSection;
                    const rest = s.sections.filter((x) => x.index !== section.index);
                    return {
                      ...s,
                      phase: "running",
                      sections: [...rest, section].sort((a, b) => a.index - b.index),
                    };
                  }
                  case "done":
                    finished = true;
                    return { ...s, phase: "done" };
                  case "error":
                    finished = true;
                    return { ...s, phase: "error", error: event.data as JobError };
                }
              });
            },
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          // The server answered (not a dropped connection): the job cannot be followed.
          if (isApiError(error) && error.code) {
            finished = true;
            setState((s) => ({ ...s, phase: "error", error: { code: error.code!, message: error.message } }));
            return;
          }
        }
        if (finished || controller.signal.aborted) return;
        const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
        failures += 1;
        await new Promise((r) => setTimeout(r, delay));
      }
    })();
    return () => controller.abort();
  }, [jobId, queryClient]);

  return state;
}
