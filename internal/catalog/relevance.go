package catalog

import (
	"go/types"
	"strings"
)

// RelevantImport reports whether importing the package at path can make
// a package relevant: it declares an identity sink or an identifier
// generator, by the tables or the configuration.
func (c *Catalog) RelevantImport(path string) bool {
	if weakImports[path] {
		return false // see WeakImport
	}
	for key := range c.generators {
		if c.generators[key].ID && keyInPackage(key, path) {
			return true
		}
	}
	for _, table := range []map[string]bool{sqlPackages(), setOf(modelCalls), setOf(documentInserts), setOf(slotCalls), setOf(slotFields), setOf(c.sinks), setOf(c.sinkFields), setOf(externals), setOf(c.externals), setOf(pubOptions)} {
		for key := range table {
			if keyInPackage(key, path) {
				return true
			}
		}
	}
	for _, b := range queryBuilders {
		if path == b.Path {
			return true // its builders' statements
		}
	}
	for _, b := range textBuilders {
		if path == b.Path {
			return true // the text its builders render
		}
	}
	if isStripe(path) || strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/service/") ||
		path == "google.golang.org/grpc" {
		return true // whole APIs: stripe services, AWS token calls, gRPC client stubs
	}
	for pattern := range slotFields {
		if prefix, ok := strings.CutSuffix(pattern, "..."); ok && strings.HasPrefix(path, prefix) {
			return true
		}
		if i := strings.Index(pattern, "...*."); i >= 0 && strings.HasPrefix(path, pattern[:i]) {
			return true
		}
		if keyInPackage(pattern, path) {
			return true
		}
	}
	return false
}

// weakImports are packages nearly every program imports whose external
// calls are a few functions: importing one makes a package relevant only
// if it also calls one of them (see WeakImport).
var weakImports = map[string]bool{"net/http": true}

// WeakImport reports whether path is such a package, and the names of
// its functions and methods that make external calls.
func (c *Catalog) WeakImport(path string) ([]string, bool) {
	if !weakImports[path] {
		return nil, false
	}
	var names []string
	for key := range externals {
		if keyInPackage(key, path) {
			names = append(names, key[strings.LastIndex(key, ".")+1:])
		}
	}
	return names, true
}

// keyInPackage reports whether a table key names something of package
// path: "path.F", "(*path.T).M", "path.*.M", "path.T.Field".
func keyInPackage(key, path string) bool {
	key = strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
	rest, ok := strings.CutPrefix(key, path+".")
	return ok && !strings.Contains(rest, "/")
}

func setOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func sqlPackages() map[string]bool {
	out := setOf(sqlCalls)
	out["database/sql.*"] = true // interfaces shaped like its executors mention its types
	return out
}

// keyTableWords name the tables and columns that hold idempotency and
// deduplication keys.
var keyTableWords = []string{"idempot", "dedup", "processed_message", "processed_event", "inbox", "request_key"}

// IsKeyTable reports whether a table or column name holds idempotency or
// deduplication keys, by the words above and the configuration.
func (c *Catalog) IsKeyTable(name string) bool {
	name = strings.ToLower(name)
	for _, w := range append(keyTableWords, c.cfg.KeyTables...) {
		if w != "" && strings.Contains(name, strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// Skips reports whether a package is described by the catalog rather than
// analysed: the standard library (inGOROOT says whether the package's
// files are in GOROOT) and the catalogued libraries.
func (c *Catalog) Skips(pkg *types.Package, inGOROOT bool) bool {
	path := pkg.Path()
	return isStd(path) && inGOROOT || Describes(path)
}

// Describes reports whether path is a package of a catalogued library:
// the tables describe its API, so its function bodies are neither
// analysed nor, by the drivers, type-checked.
func Describes(path string) bool {
	for _, prefix := range catalogued {
		if path == prefix || strings.HasPrefix(path, prefix+"/") {
			return true
		}
	}
	return false
}

// catalogued are the module paths whose APIs the tables describe.
var catalogued = []string{
	"github.com/google/uuid", "github.com/gofrs/uuid", "github.com/satori/go.uuid",
	"github.com/oklog/ulid", "github.com/segmentio/ksuid", "github.com/rs/xid",
	"github.com/sony/sonyflake", "github.com/pborman/uuid", "github.com/lithammer/shortuuid", "github.com/teris-io/shortid",
	"go.mongodb.org/mongo-driver",
	"github.com/jackc/pgx", "github.com/jmoiron/sqlx", "github.com/Masterminds/squirrel", "gorm.io/gorm", "github.com/uptrace/bun",
	stripeModule, "github.com/aws/aws-sdk-go-v2", "github.com/aws/aws-lambda-go",
	"github.com/gin-gonic/gin", "github.com/labstack/echo", "github.com/gofiber/fiber",
	"github.com/hibiken/asynq", "github.com/riverqueue/river", "github.com/ThreeDotsLabs/watermill",
	"github.com/nats-io/nats.go", "cloud.google.com/go/pubsub", "github.com/rabbitmq/amqp091-go",
	"github.com/segmentio/kafka-go", "github.com/twmb/franz-go", "github.com/IBM/sarama", "github.com/Shopify/sarama", "github.com/cenkalti/backoff", "github.com/avast/retry-go",
	"github.com/sethvargo/go-retry", "google.golang.org/grpc", "google.golang.org/protobuf",
	"go.temporal.io/sdk", "k8s.io/apimachinery", "github.com/hashicorp/go-retryablehttp",
}
