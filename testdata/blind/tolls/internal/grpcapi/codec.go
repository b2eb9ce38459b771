// Package grpcapi exposes the tolling services over gRPC. Messages are
// hand-written Go structs carried as JSON (content-subtype "json"); the
// service descriptors below mirror tolls/v1/*.proto.
package grpcapi

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// Codec is the JSON wire codec.
type Codec struct{}

// Name implements encoding.Codec.
func (Codec) Name() string { return "json" }

// Marshal implements encoding.Codec.
func (Codec) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// Unmarshal implements encoding.Codec.
func (Codec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

func init() {
	encoding.RegisterCodec(Codec{})
}
