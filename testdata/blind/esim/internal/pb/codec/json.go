// Package codec provides the JSON wire codec the platform's gRPC services
// use in place of protobuf.
package codec

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// Name is the codec's content-subtype: application/grpc+json.
const Name = "json"

// JSON marshals messages with encoding/json.
type JSON struct{}

func (JSON) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (JSON) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (JSON) Name() string                       { return Name }

func init() {
	encoding.RegisterCodec(JSON{})
}
