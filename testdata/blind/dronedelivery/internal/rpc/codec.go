// Package rpc holds transport plumbing shared by the gRPC server and clients.
package rpc

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// CodecName is the content-subtype clients must send (application/grpc+json).
const CodecName = "json"

// JSONCodec marshals the dronepb messages as JSON.
type JSONCodec struct{}

func (JSONCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (JSONCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (JSONCodec) Name() string                       { return CodecName }

func init() {
	encoding.RegisterCodec(JSONCodec{})
}
