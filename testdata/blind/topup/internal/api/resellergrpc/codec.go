package resellergrpc

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// JSONCodec marshals gRPC messages as JSON.
type JSONCodec struct{}

func (JSONCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (JSONCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (JSONCodec) Name() string                       { return "json" }

func init() {
	encoding.RegisterCodec(JSONCodec{})
}
