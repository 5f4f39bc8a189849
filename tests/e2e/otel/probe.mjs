// Emits one span through the OpenTelemetry JS SDK configured only by the environment
// (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_ENDPOINT/_PROTOCOL/_HEADERS), as a Gym server
// would after gym-otel-env --exec. Records the run id as a span attribute.
import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';

const sdk = new NodeSDK();
sdk.start();
trace.getTracer('gym-otel-env-probe').startActiveSpan('gym-otel-env-probe', (span) => {
  span.setAttribute('nemo_gym.run_id', process.env.NEMO_GYM_OTEL_RUN_ID ?? '');
  span.end();
});
await sdk.shutdown();  // flushes the batch span processor
