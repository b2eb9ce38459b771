// Package rpc implements the connect handlers of the gigbridge.escrow.v1
// services on top of the domain services.
package rpc

import (
	"bytes"
	"encoding/json"
	"fmt"

	"connectrpc.com/connect"
)

// jsonCodec encodes the hand-written escrowv1 messages with encoding/json.
// It is registered under the "json" name so it replaces connect's protojson
// codec for application/json and application/connect+json requests.
type jsonCodec struct{}

func (jsonCodec) Name() string { return "json" }

func (jsonCodec) Marshal(msg any) ([]byte, error) {
	return json.Marshal(msg)
}

func (jsonCodec) Unmarshal(data []byte, msg any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(msg); err != nil {
		return fmt.Errorf("decode %T: %w", msg, err)
	}
	return nil
}

// HandlerOptions are the options every escrow handler is mounted with.
func HandlerOptions(interceptors ...connect.Interceptor) []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithCodec(jsonCodec{}),
		connect.WithInterceptors(interceptors...),
	}
}
