// A horizontal bar chart: one row per item, its bar (SVG) proportional to the largest value, the
// value written after it. People would rather look than read; the picture is one labelled image
// for assistive technology, which gets the same figures as a table (visually hidden). Horizontal
// rows keep long terminal names and whole amounts readable at 360 px, where columns would not fit.
import { useId } from 'react';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as written beside the bar (money, a count). */
  display: string;
}

export function BarChart({
  title,
  bars,
  valueHeader,
}: {
  title: string;
  bars: readonly Bar[];
  valueHeader: string;
}) {
  const id = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <figure className="fleet-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="fleet-chart__title">
        {title}
      </figcaption>
      <div role="img" aria-labelledby={`${id}-title`} className="fleet-chart__rows">
        {bars.map((bar) => (
          <div key={bar.key} className="fleet-chart__row">
            <span className="fleet-chart__label">{bar.label}</span>
            <svg
              className="fleet-chart__track"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <rect
                className="fleet-chart__bar"
                width={max > 0 ? (Math.max(0, bar.value) / max) * 100 : 0}
                height={10}
              />
            </svg>
            <span className="fleet-chart__value">{bar.display}</span>
          </div>
        ))}
      </div>
      <table className="ui-visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>
                {valueHeader}: {bar.display}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
