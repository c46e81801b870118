/**
 * Groups concurrent calls into batches (docs/performance.md "Batched scans"):
 * `run` is handed the inputs of the calls made while earlier batches were
 * on their way, and answers one result per input, in order. With nothing in
 * flight a call is sent at the end of the current turn of the event loop
 * (with the calls that arrived in that turn), so a lone call waits for no
 * one; under load, calls wait for one of `maxInFlight` batches to come back
 * and leave together, at most `maxBatch` at a time. A batch that fails
 * fails each of its calls with that error.
 */
export function batched<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  { maxBatch, maxInFlight }: { maxBatch: number; maxInFlight: number },
): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Call[] = [];
  let inFlight = 0;
  let scheduled = false;

  const send = (calls: Call[]) => {
    inFlight++;
    run(calls.map((call) => call.input))
      .then((outputs) => {
        if (outputs.length !== calls.length)
          throw new Error(`batch answered ${outputs.length} results for ${calls.length} inputs`);
        for (const [index, call] of calls.entries()) call.resolve(outputs[index] as O);
      })
      .catch((error: unknown) => {
        for (const call of calls) call.reject(error);
      })
      .finally(() => {
        inFlight--;
        flush();
      });
  };

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const calls = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = waiting.length <= maxBatch ? [] : waiting.slice(maxBatch);
      send(calls);
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
