// Package grpcapi serves the internal transfer API over gRPC. Messages are
// plain Go structs carried with a JSON codec, so no generated code is needed.
package grpcapi

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// codecName is the gRPC content-subtype clients must use
// (grpc.CallContentSubtype("json")).
const codecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return codecName }

// Codec is the codec servers should be forced to.
func Codec() encoding.Codec { return jsonCodec{} }

func init() { encoding.RegisterCodec(jsonCodec{}) }
