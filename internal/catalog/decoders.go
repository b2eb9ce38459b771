package catalog

import "go/types"

// A Decoder fills the value its argument Out points to from the bytes
// (or the reader) of argument Data, in SSA argument positions (a
// method's receiver is 0): a message a consumer decodes is the sender's.
type Decoder struct{ Data, Out int }

var decoders = map[string]Decoder{
	"encoding/json.Unmarshal":                     {Data: 0, Out: 1},
	"(*encoding/json.Decoder).Decode":             {Data: 0, Out: 1},
	"encoding/xml.Unmarshal":                      {Data: 0, Out: 1},
	"(*encoding/xml.Decoder).Decode":              {Data: 0, Out: 1},
	"google.golang.org/protobuf/proto.Unmarshal":  {Data: 0, Out: 1},
	"github.com/golang/protobuf/proto.Unmarshal":  {Data: 0, Out: 1},
	"gopkg.in/yaml.v3.Unmarshal":                  {Data: 0, Out: 1},
	"github.com/vmihailenco/msgpack/v5.Unmarshal": {Data: 0, Out: 1},
}

// Decoder reports whether fn decodes its input into a value it is given.
func (c *Catalog) Decoder(fn *types.Func) (Decoder, bool) { return lookup(decoders, fn) }
