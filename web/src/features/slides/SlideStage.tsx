import { slideTextWidth, type Slide } from "@beannote/contract";
import { MathText } from "../../components/MathText";

interface Props {
  slide: Slide;
  /** A thumbnail: no focus ring, no live region. */
  small?: boolean;
}

/**
 * How much text the bullets hold, a CJK character counting as two Latin ones: six long statements (or an
 * edited slide's) are set smaller so that none is cut off at the stage's edge.
 */
export function bulletDensity(bullets: string[]): "normal" | "dense" | "packed" {
  const width = bullets.reduce((n, b) => n + slideTextWidth(b), 0);
  return width > 600 ? "packed" : width > 400 ? "dense" : "normal";
}

/** One slide on a 16:9 stage; every size is relative to the stage's width, so it scales with the window. */
export function SlideStage({ slide, small }: Props) {
  const isFrame = slide.kind === "title";
  return (
    <div className={`slide-stage${small ? " slide-stage--small" : ""}`} data-kind={slide.kind}>
      <div className="slide-stage__inner">
        {isFrame ? (
          <div className="slide-stage__cover">
            <div className="slide-stage__cover-title">
              <MathText text={slide.title} inline />
            </div>
            {slide.bullets.map((b, i) => (
              <div key={i} className="slide-stage__cover-line">
                <MathText text={b} />
              </div>
            ))}
          </div>
        ) : (
          <>
            <div className="slide-stage__title">
              <MathText text={slide.title} inline />
            </div>
            <div className="slide-stage__rule" />
            {slide.bullets.length ? (
              <ul className="slide-stage__bullets" data-density={bulletDensity(slide.bullets)}>
                {slide.bullets.map((b, i) => (
                  <li key={i}>
                    <MathText text={b} />
                  </li>
                ))}
              </ul>
            ) : null}
            {slide.table ? (
              <table className="slide-stage__table">
                <tbody>
                  {slide.table.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => (r === 0 ? <th key={c}>{cell}</th> : <td key={c}>{cell}</td>))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
