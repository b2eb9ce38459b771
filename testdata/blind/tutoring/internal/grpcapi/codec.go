// Package grpcapi serves the student-facing Marketplace gRPC service.
// The service descriptor is written by hand and messages are plain Go
// structs carried with a JSON codec (content-subtype "json").
package grpcapi

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// CodecName is the gRPC content-subtype clients must use
// (grpc.CallContentSubtype("json")).
const CodecName = "json"

type jsonCodec struct{}

func (jsonCodec) Name() string                       { return CodecName }
func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
