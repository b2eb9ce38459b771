package catalog

import (
	"go/types"
	"strings"
)

// Identifiers, as data: the generators of fresh values (identifiers,
// clocks, random numbers), the derivations that carry a value's freshness
// or keyness into their result, and the UUID types a fix can derive a
// value of from an operation key.

// A Generator makes a fresh value on every call.
type Generator struct {
	Result int  // which result is fresh
	ID     bool // an identifier generator, as opposed to a clock or RNG
}

// fillers fill the buffer they are given (by argument index, a method's
// receiver left out) with random bytes: the buffer, and what is encoded
// from it (a token, a reference code), is fresh on every call.
var fillers = map[string]int{
	"crypto/rand.Read":       0,
	"math/rand.Read":         0,
	"(*math/rand.Rand).Read": 0,
}

var generators = withStripe(map[string]Generator{
	// google/uuid
	"github.com/google/uuid.New":                 {0, true},
	"github.com/google/uuid.NewString":           {0, true},
	"github.com/google/uuid.NewRandom":           {0, true},
	"github.com/google/uuid.NewRandomFromReader": {0, true},
	"github.com/google/uuid.NewUUID":             {0, true},
	"github.com/google/uuid.NewV6":               {0, true},
	"github.com/google/uuid.NewV7":               {0, true},
	// gofrs/uuid (v4 API and v5 module) and satori
	"github.com/gofrs/uuid.NewV1":                      {0, true},
	"github.com/gofrs/uuid.NewV4":                      {0, true},
	"github.com/gofrs/uuid.NewV6":                      {0, true},
	"github.com/gofrs/uuid.NewV7":                      {0, true},
	"github.com/gofrs/uuid/v5.NewV1":                   {0, true},
	"github.com/gofrs/uuid/v5.NewV4":                   {0, true},
	"github.com/gofrs/uuid/v5.NewV6":                   {0, true},
	"github.com/gofrs/uuid/v5.NewV7":                   {0, true},
	"github.com/satori/go.uuid.NewV1":                  {0, true},
	"github.com/satori/go.uuid.NewV4":                  {0, true},
	"github.com/oklog/ulid/v2.Make":                    {0, true},
	"github.com/oklog/ulid/v2.MustNew":                 {0, true},
	"github.com/oklog/ulid/v2.New":                     {0, true},
	"github.com/oklog/ulid.MustNew":                    {0, true},
	"github.com/oklog/ulid.New":                        {0, true},
	"github.com/segmentio/ksuid.New":                   {0, true},
	"github.com/segmentio/ksuid.NewRandom":             {0, true},
	"github.com/segmentio/ksuid.NewRandomWithTime":     {0, true},
	"github.com/rs/xid.New":                            {0, true},
	"github.com/rs/xid.NewWithTime":                    {0, true}, // a counter and the process's random bytes after the time
	"github.com/matoous/go-nanoid/v2.New":              {0, true},
	"github.com/matoous/go-nanoid/v2.Must":             {0, true},
	"github.com/matoous/go-nanoid/v2.Generate":         {0, true},
	"github.com/jaevor/go-nanoid.Standard":             {0, true},
	"(*github.com/bwmarrin/snowflake.Node).Generate":   {0, true},
	"(*github.com/sony/sonyflake.Sonyflake).NextID":    {0, true},
	"(*github.com/sony/sonyflake/v2.Sonyflake).NextID": {0, true},
	"github.com/pborman/uuid.New":                      {0, true},
	"github.com/pborman/uuid.NewRandom":                {0, true},
	"github.com/pborman/uuid.NewUUID":                  {0, true},
	"github.com/lithammer/shortuuid/v4.New":            {0, true},
	"github.com/lithammer/shortuuid/v3.New":            {0, true},
	"github.com/teris-io/shortid.Generate":             {0, true},
	"github.com/teris-io/shortid.MustGenerate":         {0, true},
	// MongoDB's ObjectIDs: a timestamp, a process's random value and a
	// counter.
	"go.mongodb.org/mongo-driver/bson/primitive.NewObjectID": {0, true},
	"go.mongodb.org/mongo-driver/v2/bson.NewObjectID":        {0, true},
	"github.com/ThreeDotsLabs/watermill.NewUUID":             {0, true},
	"github.com/ThreeDotsLabs/watermill.NewULID":             {0, true},
	"github.com/ThreeDotsLabs/watermill.NewShortUUID":        {0, true},
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
})

// Derivers compute their result from their arguments (and receiver)
// deterministically: a fresh input makes a fresh output, a key input a key
// output. Whole packages are listed in derivingPackages.
var derivers = map[string]bool{
	"fmt.Sprintf":                                                  true,
	"fmt.Sprint":                                                   true,
	"fmt.Sprintln":                                                 true,
	"fmt.Append":                                                   true,
	"fmt.Appendf":                                                  true,
	"github.com/google/uuid.Must":                                  true,
	"github.com/google/uuid.MustParse":                             true,
	"github.com/google/uuid.Parse":                                 true,
	"github.com/google/uuid.NewSHA1":                               true,
	"github.com/google/uuid.NewMD5":                                true,
	"(github.com/google/uuid.UUID).String":                         true,
	"(github.com/google/uuid.UUID).URN":                            true,
	"github.com/gofrs/uuid.Must":                                   true,
	"(github.com/gofrs/uuid.UUID).String":                          true,
	"github.com/gofrs/uuid/v5.Must":                                true,
	"(github.com/gofrs/uuid/v5.UUID).String":                       true,
	"github.com/satori/go.uuid.Must":                               true,
	"(github.com/satori/go.uuid.UUID).String":                      true,
	"(github.com/oklog/ulid/v2.ULID).String":                       true,
	"(github.com/oklog/ulid.ULID).String":                          true,
	"(github.com/segmentio/ksuid.KSUID).String":                    true,
	"(github.com/rs/xid.ID).String":                                true,
	"(github.com/bwmarrin/snowflake.ID).String":                    true,
	"(github.com/bwmarrin/snowflake.ID).Int64":                     true,
	"(go.mongodb.org/mongo-driver/bson/primitive.ObjectID).Hex":    true,
	"(go.mongodb.org/mongo-driver/bson/primitive.ObjectID).String": true,
	"(go.mongodb.org/mongo-driver/v2/bson.ObjectID).Hex":           true,
	"(go.mongodb.org/mongo-driver/v2/bson.ObjectID).String":        true,
	"(github.com/pborman/uuid.UUID).String":                        true,
	"github.com/aws/aws-sdk-go-v2/aws.String":                      true,
	"github.com/aws/aws-sdk-go-v2/aws.ToString":                    true,
	"github.com/aws/aws-sdk-go-v2/aws.Int64":                       true,
	"github.com/aws/aws-sdk-go-v2/aws.ToInt64":                     true,
	"github.com/aws/aws-sdk-go/aws.String":                         true,
	"github.com/aws/aws-sdk-go/aws.StringValue":                    true,
	"github.com/google/uuid.FromBytes":                             true,
	"github.com/google/uuid.ParseBytes":                            true,
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

// IsDerivingPackage reports whether every function of the package at
// path is a deriver, and its variables (time.UTC) constants in effect.
func IsDerivingPackage(path string) bool { return derivingPackages[path] }

// withStripe adds stripe-go's own key maker, of every major version: it
// makes a key of the time and random bytes.
func withStripe(gens map[string]Generator) map[string]Generator {
	for _, m := range stripeModules() {
		gens[m+".NewIdempotencyKey"] = Generator{Result: 0, ID: true}
	}
	return gens
}

// IsDerivation reports whether fn computes its result deterministically
// from its inputs (arguments and receiver), so that freshness and keyness
// carry through it and two calls on the same inputs give the same value.
// A generator is never one, even in a package of derivations (time.Now):
// uuid.NewV7 and its kin, ordered by time, are random in their other
// bits and so are fresh.
func IsDerivation(fn *types.Func) bool {
	var buf [128]byte
	key := appendFuncKey(buf[:0], fn)
	if derivers[string(key)] {
		return true
	}
	if _, ok := generators[string(key)]; ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || fn.Pkg() == nil {
		return false
	}
	if derivingPackages[fn.Pkg().Path()] {
		return true
	}
	return isPointerHelper(fn, sig)
}

// idDerivations are the functions a fix derives an identifier with from
// a key: name-based UUIDs, hashes and checksums.
var idDerivations = map[string]bool{
	"github.com/google/uuid.NewSHA1": true,
	"github.com/google/uuid.NewMD5":  true,
	"github.com/gofrs/uuid.NewV5":    true,
	"github.com/gofrs/uuid.NewV3":    true,
	"github.com/gofrs/uuid/v5.NewV5": true,
	"github.com/gofrs/uuid/v5.NewV3": true,
	"crypto/sha256.Sum256":           true,
	"crypto/sha1.Sum":                true,
	"crypto/sha512.Sum512":           true,
	"crypto/md5.Sum":                 true,
	"hash/crc64.Checksum":            true,
	"hash/crc32.ChecksumIEEE":        true,
	"github.com/google/uuid.NewHash": true,
}

// IsIDDerivation reports whether fn derives an identifier from its
// input as a fix does: a name-based UUID, a hash, a checksum.
func IsIDDerivation(fn *types.Func) bool {
	var buf [128]byte
	return idDerivations[string(appendFuncKey(buf[:0], fn))]
}

// isPointerHelper reports whether fn is an SDK's helper that returns a
// pointer to its argument (stripe.String, stripe.Int64).
func isPointerHelper(fn *types.Func, sig *types.Signature) bool {
	name := fn.Name()
	return sig.Recv() == nil && sig.Params().Len() == 1 && isStripe(fn.Pkg().Path()) && (name == "String" || name == "Int64")
}

// A UUIDType is a UUID type of a library, with how a fix derives one
// from an operation key.
type UUIDType struct {
	Type string // TypeKey
	Path string // the package that declares it
	// NameBased formats a name-based UUID: %[1]s is the package's name
	// in the file, %[2]s the key expression, %[3]q the purpose appended
	// to it, which namespaces values derived from one key.
	NameBased string
	// Strings: a string identifier may be derived as this type's String.
	Strings bool
}

var uuidTypes = []UUIDType{
	{Type: "github.com/google/uuid.UUID", Path: "github.com/google/uuid",
		NameBased: "%[1]s.NewSHA1(%[1]s.NameSpaceOID, []byte(%[2]s + %[3]q))", Strings: true},
	{Type: "github.com/gofrs/uuid.UUID", Path: "github.com/gofrs/uuid",
		NameBased: "%[1]s.NewV5(%[1]s.NamespaceOID, %[2]s+%[3]q)"},
	{Type: "github.com/gofrs/uuid/v5.UUID", Path: "github.com/gofrs/uuid/v5",
		NameBased: "%[1]s.NewV5(%[1]s.NamespaceOID, %[2]s+%[3]q)"},
}

// UUIDOf returns the UUID type t is.
func UUIDOf(t types.Type) (UUIDType, bool) {
	key := TypeKey(t)
	for _, u := range uuidTypes {
		if u.Type == key {
			return u, true
		}
	}
	return UUIDType{}, false
}

// ulidModule is oklog's ULID module, whose ULID is 16 bytes written as
// 26 characters.
const ulidModule = "github.com/oklog/ulid"

// IsULIDPackage reports whether path is oklog's ULID package, of any
// major version: a value derived in place of one of its ULIDs is made a
// ULID too.
func IsULIDPackage(path string) bool {
	return path == ulidModule || strings.HasPrefix(path, ulidModule+"/v")
}

// StringUUID returns the UUID type whose String a string identifier may
// be derived as, when the package imports it.
func StringUUID() UUIDType {
	for _, u := range uuidTypes {
		if u.Strings {
			return u
		}
	}
	return UUIDType{}
}

// isStripe reports whether path belongs to stripe-go, of any version.
func isStripe(path string) bool { return strings.HasPrefix(path, stripeModule+"/") }

// dayParts are the methods of time.Time whose result says no more than
// the day (t.Date(), t.YearDay()).
var dayParts = map[string]bool{
	"(time.Time).Date": true, "(time.Time).Year": true, "(time.Time).YearDay": true,
	"(time.Time).Month": true, "(time.Time).Day": true, "(time.Time).Weekday": true, "(time.Time).ISOWeek": true,
}

// DayOf reports whether a call of fn reduces a time to its day or its
// hour, so that the clock's reading is the same on every attempt of one
// day or hour: a part of its date, or Format with a layout that has no
// minute, second or fraction ("2006-01-02", "2006010215": the layout's
// tokens for those hold 4 or 5, once the hour's 15 is taken out). A
// daily or hourly job's key made so is a window the code chose, not a
// value fresh per attempt.
func DayOf(fn *types.Func, layout string) bool {
	if has(dayParts, fn) {
		return true
	}
	switch FuncKey(fn) {
	case "(time.Time).Format", "(time.Time).AppendFormat":
		return layout != "" && !strings.ContainsAny(strings.ReplaceAll(layout, "15", ""), "45")
	}
	return false
}
