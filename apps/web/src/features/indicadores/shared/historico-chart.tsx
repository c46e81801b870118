import { Text } from '@mantine/core';
import {
  type FaixaGrafico,
  formatDateBR,
  type IndicadorCategoriaVisual,
  type IndicadorTom,
} from '@pulso/domain';
import { useId } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { classes, TOM_COR } from './ui.tsx';

/** A line of the chart: the value it reads from a reading, its name and colour. */
export interface Serie<T> {
  key: string;
  name: string;
  value: (item: T) => number;
  cor: string;
  /** The normal band of this line, shaded. */
  faixa: FaixaGrafico;
  /** Highest value the axis needs to show (saturation: 100 %). */
  teto?: number;
}

/** A reading of any indicator: what the table and chart need in common. */
export interface Leitura {
  id: number;
  data_afericao: string;
  time_afericao: string;
}

/** Lower and upper ends of the y axis and its step: the values and the shaded bands, with a margin. */
function dominio<T>(items: T[], series: Serie<T>[]): [number, number, number] {
  const values = items.flatMap((item) => series.map((s) => s.value(item)));
  const lows = [...values, ...series.map((s) => s.faixa.de)];
  const highs = [...values, ...series.map((s) => s.faixa.ate)];
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  // Round numbers on the axis: a step of 1, 2, 5, 10 or 20 for about 5 ticks.
  const step = [1, 2, 5, 10, 20, 50].find((s) => (max - min) / s <= 5) ?? 100;
  const teto = Math.min(...series.map((s) => s.teto ?? Number.POSITIVE_INFINITY));
  const top = Math.min(Math.ceil(max / step) * step + step, Math.ceil(teto / step) * step);
  return [Math.max(0, Math.floor(min / step) * step - step), top, step];
}

/**
 * A line chart of the readings over time (issue 7, an addition of ours;
 * docs/indicators-and-score.md "Histories"), oldest
 * on the left, with each line's normal band shaded. It is an image with an
 * accessible name and a caption; the table below carries the same readings
 * as text. `unidade` is the values' unit (mmHg, kg/m², %, mg/dL).
 */
export function HistoricoChart<T extends Leitura>({
  items,
  series,
  titulo,
  unidade,
  categoria,
}: {
  items: T[];
  series: Serie<T>[];
  titulo: string;
  unidade: string;
  /** Each reading's category: its dots take the category's colour, as its row in the table. */
  categoria: (item: T) => IndicadorCategoriaVisual;
}) {
  const captionId = useId();
  const data = [...items].reverse().map((item) => ({
    id: item.id,
    // `quando` is the x value (one per reading); the series' own keys (sis, dia…) never clash with it.
    quando: `${formatDateBR(item.data_afericao)} ${item.time_afericao}`,
    tom: categoria(item).tom,
    ...Object.fromEntries(series.map((s) => [s.key, s.value(item)])),
  }));
  const [yMin, yMax, yStep] = dominio(items, series);
  const bands = series.map((s) => s.faixa.label).join('; ');
  const first = items[items.length - 1];
  const last = items[0];
  const resumo =
    first && last
      ? `${titulo}: ${items.length} ${items.length === 1 ? 'medição' : 'medições'} de ${formatDateBR(first.data_afericao)} a ${formatDateBR(last.data_afericao)}, em ${unidade}. Faixa sombreada: ${bands}.`
      : titulo;

  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <div className={classes.chart} role="img" aria-label={resumo}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 260 }}>
          <LineChart
            data={data}
            margin={{ top: 8, right: 12, bottom: 4, left: -12 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#dee2e6" strokeDasharray="3 3" />
            {series.map((s) => (
              <ReferenceArea
                key={`faixa-${s.key}`}
                y1={s.faixa.de}
                y2={s.faixa.ate}
                fill={s.cor}
                fillOpacity={0.12}
                stroke="none"
                ifOverflow="extendDomain"
              />
            ))}
            <XAxis
              dataKey="quando"
              tickFormatter={(quando: string) => quando.slice(0, 5)}
              tick={{ fontSize: 12, fill: '#495057' }}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis
              domain={[yMin, yMax]}
              ticks={Array.from(
                { length: Math.round((yMax - yMin) / yStep) + 1 },
                (_, i) => yMin + i * yStep,
              )}
              tick={{ fontSize: 12, fill: '#495057' }}
              allowDecimals={false}
              width={48}
            />
            <Tooltip formatter={(value, name) => [`${String(value)} ${unidade}`, name]} />
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.cor}
                strokeWidth={2}
                dot={(props: {
                  cx?: number;
                  cy?: number;
                  index?: number;
                  payload?: { tom?: IndicadorTom };
                }) => (
                  <circle
                    key={`${s.key}-${props.index}`}
                    cx={props.cx}
                    cy={props.cy}
                    r={4}
                    fill={props.payload?.tom ? TOM_COR[props.payload.tom] : s.cor}
                    stroke="#fff"
                    strokeWidth={1}
                  />
                )}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={captionId} className={classes.figcaption}>
        <ul className={classes.legend}>
          {series.map((s) => (
            <li key={s.key}>
              <LegendSwatch cor={s.cor} /> {s.name} ({unidade}) — faixa sombreada: {s.faixa.label}
            </li>
          ))}
        </ul>
        <Text size="sm" mt={4}>
          Cada ponto tem a cor da sua classificação. Os mesmos valores, com a classificação por escrito, estão
          na tabela abaixo.
        </Text>
      </figcaption>
    </figure>
  );
}

function LegendSwatch({ cor }: { cor: string }) {
  return (
    <svg width="20" height="10" aria-hidden="true" focusable="false" className={classes.swatch}>
      <line x1="0" y1="5" x2="20" y2="5" stroke={cor} strokeWidth="3" />
    </svg>
  );
}
