package lockerv1

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// CodecName is the content-subtype used by all locker services. Messages in
// this package are plain Go structs, so they travel as JSON over gRPC framing.
const CodecName = "json"

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return CodecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
}
