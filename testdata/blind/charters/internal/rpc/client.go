package rpc

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// clientServiceConfig is the retry policy shipped to every first-party
// client (mobile app, skipper console, ops CLI). Calls that fail with
// UNAVAILABLE or DEADLINE_EXCEEDED are sent again, up to four attempts.
const clientServiceConfig = `{
  "methodConfig": [{
    "name": [{"service": "charterhub.v1.Charters"}],
    "timeout": "8s",
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.2s",
      "maxBackoff": "3s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "DEADLINE_EXCEEDED"]
    }
  }]
}`

// Dial opens a client connection that speaks the JSON codec and carries the
// standard retry policy. Used by the ops CLI and the integration suite.
func Dial(target string, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	base := []grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(clientServiceConfig),
		grpc.WithDefaultCallOptions(grpc.CallContentSubtype(codecName)),
	}
	return grpc.NewClient(target, append(base, opts...)...)
}
