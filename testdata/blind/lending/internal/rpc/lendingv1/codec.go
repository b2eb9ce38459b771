package lendingv1

import (
	"encoding/json"

	"connectrpc.com/connect"
)

// JSONCodec marshals the plain-struct messages with encoding/json. It is
// registered under the "json" name, replacing Connect's protojson codec.
type JSONCodec struct{}

var _ connect.Codec = JSONCodec{}

func (JSONCodec) Name() string { return "json" }

func (JSONCodec) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

func (JSONCodec) Unmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// WithJSON is the handler/client option every lending.v1 endpoint uses.
func WithJSON() connect.Option { return connect.WithCodec(JSONCodec{}) }
