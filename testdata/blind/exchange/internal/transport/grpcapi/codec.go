package grpcapi

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// Codec encodes messages as JSON. The risk engine dials with the
// "application/grpc+json" content subtype.
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
