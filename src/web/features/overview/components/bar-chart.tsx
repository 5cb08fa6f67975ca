// Loaded only by the overview (React.lazy): Chart.js stays out of every other page's code.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  labels: string[];
  values: number[];
  /** What one bar's value is, for its tooltip ("$12.00", "3 orders"). */
  format: (value: number) => string;
  /** The chart in words, for those who cannot see it; the page offers the figures as a table too. */
  summary: string;
}

/** A bar chart drawn on a canvas; the figures themselves are in the table next to it. */
export default function BarChart({ labels, values, format, summary }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets: [{ data: values, backgroundColor: '#1d4ed8', borderRadius: 3 }] },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => format(item.parsed.y ?? 0) } },
        },
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => format(Number(value)) } } },
      },
    });
    return () => chart.destroy();
  }, [labels, values, format]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
