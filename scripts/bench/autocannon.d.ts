/** The part of autocannon's API the catalogue benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    /** `total`: how many requests were answered in all. */
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: { url: string; connections: number; duration: number; requests?: { method?: string; path: string }[] }, done: (error: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
