// Package rpc serves the merchant dashboard's gRPC API. Messages are plain Go
// structs carried with a JSON codec (content-subtype "json"), so the service
// descriptor is written by hand instead of generated.
package rpc

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

const codecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return codecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
