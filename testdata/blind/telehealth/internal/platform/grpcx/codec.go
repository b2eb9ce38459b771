// Package grpcx holds the gRPC plumbing: a JSON codec for the hand-written
// message structs, interceptors and status mapping.
package grpcx

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// CodecName is the content-subtype clients must use ("application/grpc+json").
const CodecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return CodecName }

// Codec returns the JSON codec.
func Codec() encoding.Codec { return jsonCodec{} }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
