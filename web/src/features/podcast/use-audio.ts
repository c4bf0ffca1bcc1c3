import { useCallback, useEffect, useRef, useState } from "react";

/** The state of an `<audio>` element, and what the player's buttons do to it. */
export function useAudio() {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    const sync = () => {
      setTime(audio.currentTime);
      if (Number.isFinite(audio.duration)) setDuration(audio.duration);
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onError = () => setFailed(true);
    const onLoaded = () => {
      setFailed(false);
      sync();
    };
    audio.addEventListener("timeupdate", sync);
    audio.addEventListener("seeked", sync);
    audio.addEventListener("loadedmetadata", onLoaded);
    audio.addEventListener("play", onPlay);
    audio.addEventListener("pause", onPause);
    audio.addEventListener("ended", onPause);
    audio.addEventListener("error", onError);
    return () => {
      audio.removeEventListener("timeupdate", sync);
      audio.removeEventListener("seeked", sync);
      audio.removeEventListener("loadedmetadata", onLoaded);
      audio.removeEventListener("play", onPlay);
      audio.removeEventListener("pause", onPause);
      audio.removeEventListener("ended", onPause);
      audio.removeEventListener("error", onError);
    };
  }, []);

  const seek = useCallback((to: number, play = false) => {
    const audio = ref.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : to;
    audio.currentTime = Math.min(Math.max(0, to), end);
    setTime(audio.currentTime);
    if (play && audio.paused) void audio.play().catch(() => {});
  }, []);

  return {
    ref,
    time,
    duration,
    playing,
    rate,
    failed,
    toggle: useCallback(() => {
      const audio = ref.current;
      if (!audio) return;
      if (audio.paused) void audio.play().catch(() => {});
      else audio.pause();
    }, []),
    seek,
    skip: useCallback((by: number) => seek((ref.current?.currentTime ?? 0) + by), [seek]),
    setRate: useCallback((next: number) => {
      if (ref.current) ref.current.playbackRate = next;
      setRate(next);
    }, []),
  };
}

export type AudioControls = ReturnType<typeof useAudio>;
