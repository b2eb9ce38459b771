package billingpb

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// JSONCodec marshals the plain-struct messages as JSON. Clients select it
// with grpc.CallContentSubtype("json"); the server forces it.
type JSONCodec struct{}

func (JSONCodec) Name() string                       { return "json" }
func (JSONCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (JSONCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

func init() { encoding.RegisterCodec(JSONCodec{}) }

// ServiceConfig is the client-side retry policy callers use for this
// service: UNAVAILABLE and DEADLINE_EXCEEDED are retried up to 4 times.
const ServiceConfig = `{
  "methodConfig": [{
    "name": [{"service": "meterly.billing.v1.BillingService"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.2s",
      "maxBackoff": "2s",
      "backoffMultiplier": 2.0,
      "retryableStatusCodes": ["UNAVAILABLE", "DEADLINE_EXCEEDED"]
    }
  }]
}`
