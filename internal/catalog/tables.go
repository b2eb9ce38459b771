package catalog

// This file is the API knowledge of idemlint, as data. Function keys are
// FuncKey strings; "pkg.*.M" matches method M of any type in pkg. Each
// row is the real API of the library it names.

// A Generator makes a fresh value on every call.
type Generator struct {
	Result int  // which result is fresh
	ID     bool // an identifier generator, as opposed to a clock or RNG
}

var generators = map[string]Generator{
	// google/uuid
	"github.com/google/uuid.New":                 {0, true},
	"github.com/google/uuid.NewString":           {0, true},
	"github.com/google/uuid.NewRandom":           {0, true},
	"github.com/google/uuid.NewRandomFromReader": {0, true},
	"github.com/google/uuid.NewUUID":             {0, true},
	"github.com/google/uuid.NewV6":               {0, true},
	"github.com/google/uuid.NewV7":               {0, true},
	// gofrs/uuid (v4 API and v5 module) and satori
	"github.com/gofrs/uuid.NewV1":                     {0, true},
	"github.com/gofrs/uuid.NewV4":                     {0, true},
	"github.com/gofrs/uuid.NewV6":                     {0, true},
	"github.com/gofrs/uuid.NewV7":                     {0, true},
	"github.com/gofrs/uuid/v5.NewV1":                  {0, true},
	"github.com/gofrs/uuid/v5.NewV4":                  {0, true},
	"github.com/gofrs/uuid/v5.NewV6":                  {0, true},
	"github.com/gofrs/uuid/v5.NewV7":                  {0, true},
	"github.com/satori/go.uuid.NewV1":                 {0, true},
	"github.com/satori/go.uuid.NewV4":                 {0, true},
	"github.com/oklog/ulid/v2.Make":                   {0, true},
	"github.com/oklog/ulid/v2.MustNew":                {0, true},
	"github.com/oklog/ulid/v2.New":                    {0, true},
	"github.com/oklog/ulid.MustNew":                   {0, true},
	"github.com/oklog/ulid.New":                       {0, true},
	"github.com/segmentio/ksuid.New":                  {0, true},
	"github.com/segmentio/ksuid.NewRandom":            {0, true},
	"github.com/rs/xid.New":                           {0, true},
	"github.com/matoous/go-nanoid/v2.New":             {0, true},
	"github.com/matoous/go-nanoid/v2.Must":            {0, true},
	"github.com/matoous/go-nanoid/v2.Generate":        {0, true},
	"github.com/jaevor/go-nanoid.Standard":            {0, true},
	"(*github.com/bwmarrin/snowflake.Node).Generate":  {0, true},
	"github.com/ThreeDotsLabs/watermill.NewUUID":      {0, true},
	"github.com/ThreeDotsLabs/watermill.NewULID":      {0, true},
	"github.com/ThreeDotsLabs/watermill.NewShortUUID": {0, true},
	// stripe-go's own key maker: the time and random bytes
	"github.com/stripe/stripe-go/v82.NewIdempotencyKey": {0, true},
	"github.com/stripe/stripe-go/v81.NewIdempotencyKey": {0, true},
	"github.com/stripe/stripe-go/v80.NewIdempotencyKey": {0, true},
	"github.com/stripe/stripe-go/v79.NewIdempotencyKey": {0, true},
	"github.com/stripe/stripe-go/v76.NewIdempotencyKey": {0, true},
	// clocks and random numbers
	"time.Now":                 {0, false},
	"crypto/rand.Text":         {0, false},
	"crypto/rand.Int":          {0, false},
	"math/rand.Int":            {0, false},
	"math/rand.Intn":           {0, false},
	"math/rand.Int31":          {0, false},
	"math/rand.Int31n":         {0, false},
	"math/rand.Int63":          {0, false},
	"math/rand.Int63n":         {0, false},
	"math/rand.Uint32":         {0, false},
	"math/rand.Uint64":         {0, false},
	"math/rand.Float64":        {0, false},
	"(*math/rand.Rand).Int":    {0, false},
	"(*math/rand.Rand).Intn":   {0, false},
	"(*math/rand.Rand).Int63":  {0, false},
	"(*math/rand.Rand).Int63n": {0, false},
	"(*math/rand.Rand).Uint64": {0, false},
	"math/rand/v2.Int":         {0, false},
	"math/rand/v2.IntN":        {0, false},
	"math/rand/v2.Int64":       {0, false},
	"math/rand/v2.Int64N":      {0, false},
	"math/rand/v2.Uint32":      {0, false},
	"math/rand/v2.Uint64":      {0, false},
	"math/rand/v2.N":           {0, false},
	"math/rand/v2.Float64":     {0, false},
}

// Derivers compute their result from their arguments (and receiver)
// deterministically: a fresh input makes a fresh output, a key input a key
// output. Whole packages are listed in derivingPackages.
var derivers = map[string]bool{
	"fmt.Sprintf":                               true,
	"fmt.Sprint":                                true,
	"fmt.Sprintln":                              true,
	"fmt.Append":                                true,
	"fmt.Appendf":                               true,
	"github.com/google/uuid.Must":               true,
	"github.com/google/uuid.MustParse":          true,
	"github.com/google/uuid.Parse":              true,
	"github.com/google/uuid.NewSHA1":            true,
	"github.com/google/uuid.NewMD5":             true,
	"(github.com/google/uuid.UUID).String":      true,
	"(github.com/google/uuid.UUID).URN":         true,
	"github.com/gofrs/uuid.Must":                true,
	"(github.com/gofrs/uuid.UUID).String":       true,
	"github.com/gofrs/uuid/v5.Must":             true,
	"(github.com/gofrs/uuid/v5.UUID).String":    true,
	"github.com/satori/go.uuid.Must":            true,
	"(github.com/satori/go.uuid.UUID).String":   true,
	"(github.com/oklog/ulid/v2.ULID).String":    true,
	"(github.com/oklog/ulid.ULID).String":       true,
	"(github.com/segmentio/ksuid.KSUID).String": true,
	"(github.com/rs/xid.ID).String":             true,
	"(github.com/bwmarrin/snowflake.ID).String": true,
	"(github.com/bwmarrin/snowflake.ID).Int64":  true,
	"github.com/aws/aws-sdk-go-v2/aws.String":   true,
	"github.com/aws/aws-sdk-go-v2/aws.ToString": true,
	"github.com/aws/aws-sdk-go-v2/aws.Int64":    true,
}

// derivingPackages are packages every function and method of which is a
// deriver. time is here for the methods of time.Time (Unix, Format...).
var derivingPackages = map[string]bool{
	"strings":         true,
	"strconv":         true,
	"bytes":           true,
	"path":            true,
	"encoding/hex":    true,
	"encoding/base64": true,
	"encoding/base32": true,
	"crypto/sha1":     true,
	"crypto/sha256":   true,
	"crypto/sha512":   true,
	"crypto/md5":      true,
	"hash/crc32":      true,
	"hash/crc64":      true,
	"hash/fnv":        true,
	"time":            true,
}

// An SQLCall executes SQL text given at Query with arguments from Args on
// (counted without the receiver). Named is set for named parameters bound
// from a struct or map argument.
type SQLCall struct {
	Query, Args int
	Named       bool
}

// A Slot is where an external request carries its idempotency key, a
// published message its ID, or a job its unique key.
type Slot struct {
	What string // what the value identifies, for messages
}

// slotFields are struct fields that are key slots: "pkg.Type.Field", with
// "pkg/prefix/...*.Field" matching the field on any type of any package
// under the prefix.
var slotFields = map[string]Slot{
	"github.com/stripe/stripe-go/v82.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v81.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v80.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v79.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v76.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v74.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/stripe/stripe-go/v72.Params.IdempotencyKey":            {"the provider's idempotency key"},
	"github.com/aws/aws-sdk-go-v2/service/...*.MessageDeduplicationId": {"the message's deduplication ID"},
	"github.com/aws/aws-sdk-go-v2/service/...*.ClientToken":            {"the request's client token"},
	"github.com/aws/aws-sdk-go-v2/service/...*.ClientRequestToken":     {"the request's client token"},
	"github.com/aws/aws-sdk-go-v2/service/...*.IdempotencyToken":       {"the request's idempotency token"},
}

// slotCalls pass a key slot's value as an argument (counted without the
// receiver).
var slotCalls = map[string]struct {
	Arg  int
	Slot Slot
}{
	"(*github.com/stripe/stripe-go/v82.Params).SetIdempotencyKey": {0, Slot{"the provider's idempotency key"}},
	"(*github.com/stripe/stripe-go/v81.Params).SetIdempotencyKey": {0, Slot{"the provider's idempotency key"}},
	"(*github.com/stripe/stripe-go/v76.Params).SetIdempotencyKey": {0, Slot{"the provider's idempotency key"}},
	"(*github.com/stripe/stripe-go/v72.Params).SetIdempotencyKey": {0, Slot{"the provider's idempotency key"}},
	"github.com/ThreeDotsLabs/watermill/message.NewMessage":       {0, Slot{"the published message's ID"}},
	"github.com/hibiken/asynq.TaskID":                             {0, Slot{"the job's unique ID"}},
	"github.com/nats-io/nats.go.MsgId":                            {0, Slot{"the message's Nats-Msg-Id"}},
	"github.com/nats-io/nats.go/jetstream.WithMsgID":              {0, Slot{"the message's Nats-Msg-Id"}},
}

// headerSetters set a header (arg 0) to a value (arg 1); they are key slots
// when the header is an idempotency header.
var headerSetters = map[string][]string{
	"(net/http.Header).Set":                   nil, // headers from the configuration
	"(net/http.Header).Add":                   nil,
	"(github.com/nats-io/nats.go.Header).Set": {"Nats-Msg-Id"},
	"(github.com/nats-io/nats.go.Header).Add": {"Nats-Msg-Id"},
}
