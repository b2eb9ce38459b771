package grpcx

import (
	"encoding/json"

	"google.golang.org/grpc/encoding"
)

// Codec marshals request and response messages as JSON. Our services are
// described by hand-written grpc.ServiceDesc values over plain Go structs,
// and the desk and kiosk clients speak JSON over HTTP/2 with
// content-type application/grpc+json.
type Codec struct{}

// Name is the content-subtype this codec answers to.
func (Codec) Name() string { return "json" }

// Marshal encodes v.
func (Codec) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// Unmarshal decodes data into v.
func (Codec) Unmarshal(data []byte, v any) error {
	if len(data) == 0 {
		return nil
	}
	return json.Unmarshal(data, v)
}

func init() {
	encoding.RegisterCodec(Codec{})
}
