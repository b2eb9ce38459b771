// Package pb holds the wire types and service descriptors of the sportsbook
// gRPC API. The messages are plain Go structs mirroring proto/sportsbook/v1;
// they travel as JSON through Codec, which both servers and clients force.
package pb

import (
	"encoding/json"
	"fmt"

	"google.golang.org/grpc/encoding"
)

// CodecName is the content-subtype used on the wire (application/grpc+json).
const CodecName = "json"

// Codec marshals messages as JSON.
type Codec struct{}

// Marshal implements encoding.Codec.
func (Codec) Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("pb: marshal %T: %w", v, err)
	}
	return b, nil
}

// Unmarshal implements encoding.Codec.
func (Codec) Unmarshal(data []byte, v any) error {
	if len(data) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("pb: unmarshal %T: %w", v, err)
	}
	return nil
}

// Name implements encoding.Codec.
func (Codec) Name() string { return CodecName }

func init() {
	encoding.RegisterCodec(Codec{})
}
