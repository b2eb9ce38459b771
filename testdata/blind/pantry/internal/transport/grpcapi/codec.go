// Package grpcapi exposes the customer order API over gRPC. There is no
// .proto: messages are Go structs carried by a JSON codec, and the service
// descriptor is written by hand.
package grpcapi

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// codecName is the gRPC content-subtype clients must use
// ("application/grpc+json").
const codecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return codecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
