import { Bar, BarChart, CartesianGrid, Cell, LabelList, XAxis, YAxis } from 'recharts';
import classes from './score.module.css';

/** One bar: its short label under the axis, the label read aloud, the score and how it is written. */
export interface ScoreBar {
  /** Under the bar (short: '12/11', 'Mental'). */
  label: string;
  /** In the text alternative ('12/11/2026', 'Saúde Mental'). */
  longLabel: string;
  pontuacao: number;
  /** The score as shown ('72', '53,33'). */
  text: string;
  /** Drawn in the highlight colour (the general average). */
  highlight?: boolean;
}

const BAR = 'var(--mantine-color-blue-7)';
const HIGHLIGHT = 'var(--mantine-color-teal-8)';
const TEXT = 'var(--mantine-color-gray-8)';

/**
 * A bar chart of scores 0–100 (docs/indicators-and-score.md "Results": each
 * results card has a bar chart), each bar with its value written above it. The
 * drawing is one image to assistive technology, named by `caption` and every
 * bar's label and score ('… 12/11/2026: 72 pontos; …'), and the caption is
 * shown above it.
 */
export function ScoreBarChart({ caption, bars }: { caption: string; bars: readonly ScoreBar[] }) {
  const alt = `${caption}. ${bars.map((b) => `${b.longLabel}: ${b.text} pontos`).join('; ')}.`;
  const data = bars.map((b, i) => ({ ...b, key: i }));
  return (
    <figure className={classes.chart}>
      <figcaption className={classes.chartCaption}>{caption}</figcaption>
      <div className={classes.chartBox} role="img" aria-label={alt}>
        <BarChart
          responsive
          accessibilityLayer={false}
          style={{ width: '100%', height: '100%' }}
          data={data}
          margin={{ top: 22, right: 8, bottom: 0, left: -12 }}
        >
          <CartesianGrid vertical={false} stroke="var(--mantine-color-gray-3)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            interval={0}
            tick={{ fill: TEXT, fontSize: 12 }}
            stroke="var(--mantine-color-gray-5)"
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            width={40}
            tickLine={false}
            axisLine={false}
            tick={{ fill: TEXT, fontSize: 12 }}
          />
          <Bar
            dataKey="pontuacao"
            // A 0 still shows as a sliver with its value written above it.
            minPointSize={2}
            isAnimationActive={false}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
          >
            {data.map((b) => (
              <Cell key={b.key} fill={b.highlight ? HIGHLIGHT : BAR} />
            ))}
            <LabelList dataKey="text" position="top" fill={TEXT} fontSize={13} fontWeight={700} />
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}
