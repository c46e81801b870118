import { formatDateBR } from '@pulso/domain';
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import classes from './painel.module.css';

const TEXT = 'var(--mantine-color-gray-8)';

/**
 * Patient sign-ups per week (issue 9 "Dashboard": a chart of sign-ups per
 * week). The drawing is one image to assistive technology, named by the
 * caption and every week's count ('semana de 02/11/2026: 4 cadastros; …').
 */
export function SignupsChart({ semanas }: { semanas: { semana: string; cadastros: number }[] }) {
  const caption = 'Cadastros de pacientes por semana';
  const alt = `${caption}. ${semanas
    .map(
      (s) =>
        `semana de ${formatDateBR(s.semana)}: ${s.cadastros} ${s.cadastros === 1 ? 'cadastro' : 'cadastros'}`,
    )
    .join('; ')}.`;
  const data = semanas.map((s) => ({ ...s, label: formatDateBR(s.semana).slice(0, 5) }));
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
            tick={{ fill: TEXT, fontSize: 12 }}
            stroke="var(--mantine-color-gray-5)"
          />
          <YAxis
            allowDecimals={false}
            width={40}
            tickLine={false}
            axisLine={false}
            tick={{ fill: TEXT, fontSize: 12 }}
          />
          <Bar
            dataKey="cadastros"
            minPointSize={2}
            isAnimationActive={false}
            radius={[4, 4, 0, 0]}
            maxBarSize={40}
            fill="var(--mantine-color-blue-7)"
          >
            <LabelList dataKey="cadastros" position="top" fill={TEXT} fontSize={12} fontWeight={700} />
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}
