import http from 'node:http';
import { type ClusterNode, METRICS_TOKEN } from './harness';

/** One process's `GET /metrics`, as Prometheus scrapes it: from the process itself, with the token. */
export function scrape(node: ClusterNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: node.port,
        path: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(text)
            : reject(new Error(`metrics answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The value of one series (`name{labels}`) in a scrape; 0 when absent. */
export function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
