// Package rpc serves the charterhub gRPC API. There is no protoc step: the
// service descriptor is written out in desc.go and messages travel as JSON.
package rpc

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// codecName is the content-subtype clients must ask for
// (application/grpc+json).
const codecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error) {
	return json.Marshal(v)
}

func (jsonCodec) Unmarshal(data []byte, v any) error {
	if len(data) == 0 {
		return nil
	}
	return json.Unmarshal(data, v)
}

func (jsonCodec) Name() string { return codecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
