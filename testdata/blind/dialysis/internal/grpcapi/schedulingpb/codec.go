package schedulingpb

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// Codec carries the messages as JSON. Both sides of the connection must
// use it: the server via grpc.ForceServerCodec, clients via the generated
// stubs above.
var Codec encoding.Codec = jsonCodec{}

type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return "json" }

func init() {
	encoding.RegisterCodec(Codec)
}
