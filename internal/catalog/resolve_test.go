package catalog

import (
	"bufio"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// unverified are the libraries (module path prefixes) whose rows
// TestRowsResolve cannot check, with the reason: no module under
// testdata/mod requires them at a pinned version.
var unverified = map[string]string{
	"entgo.io/ent":          "the Client and Tx ent generates into each module, known by their shape",
	"github.com/gofrs/uuid": "not required by a testdata module",
	"github.com/uptrace/bun/dialect/mysqldialect":      "only bun's PostgreSQL dialect is required by a testdata module",
	"github.com/uptrace/bun/dialect/sqlitedialect":     "only bun's PostgreSQL dialect is required by a testdata module",
	"github.com/satori/go.uuid":                        "not required by a testdata module",
	"github.com/oklog/ulid":                            "not required by a testdata module",
	"github.com/segmentio/ksuid":                       "not required by a testdata module",
	"github.com/rs/xid":                                "not required by a testdata module",
	"github.com/matoous/go-nanoid":                     "not required by a testdata module",
	"github.com/jaevor/go-nanoid":                      "not required by a testdata module",
	"github.com/bwmarrin/snowflake":                    "not required by a testdata module",
	"github.com/sony/sonyflake":                        "not required by a testdata module",
	"github.com/Masterminds/squirrel":                  "not required by a testdata module",
	"github.com/IBM/sarama":                            "not required by a testdata module",
	"github.com/Shopify/sarama":                        "not required by a testdata module",
	"github.com/pborman/uuid":                          "not required by a testdata module",
	"github.com/lithammer/shortuuid":                   "not required by a testdata module",
	"github.com/teris-io/shortid":                      "not required by a testdata module",
	"go.mongodb.org/mongo-driver":                      "not required by a testdata module",
	"github.com/ThreeDotsLabs/watermill":               "not required by a testdata module",
	"github.com/nats-io/nats.go":                       "not required by a testdata module",
	"github.com/rabbitmq/amqp091-go":                   "not required by a testdata module",
	"github.com/streadway/amqp":                        "not required by a testdata module",
	"github.com/sourcegraph/conc":                      "not required by a testdata module",
	"cloud.google.com/go":                              "not required by a testdata module",
	"gocloud.dev":                                      "not required by a testdata module",
	"github.com/aws/aws-lambda-go":                     "not required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/sns":         "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/ses":         "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/sesv2":       "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/eventbridge": "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/lambda":      "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go-v2/service/s3":          "only the SQS service is required by a testdata module",
	"github.com/aws/aws-sdk-go/":                       "not required by a testdata module (v1 of the SDK)",
	"github.com/cenkalti/backoff.":                     "only backoff/v4 is required by a testdata module",
	"github.com/cenkalti/backoff/v5":                   "only backoff/v4 is required by a testdata module",
	"github.com/avast/retry-go":                        "not required by a testdata module",
	"github.com/mailgun/mailgun-go":                    "not required by a testdata module",
	"github.com/sethvargo/go-retry":                    "not required by a testdata module",
	"k8s.io/apimachinery":                              "not required by a testdata module",
	"go.temporal.io/sdk":                               "not required by a testdata module",
	"google.golang.org/grpc":                           "not required by a testdata module",
	"github.com/gofiber/fiber":                         "not required by a testdata module",
	"github.com/go-sql-driver/mysql":                   "not required by a testdata module",
	"github.com/mattn/go-sqlite3":                      "not required by a testdata module (and needs cgo)",
	"modernc.org/sqlite":                               "not required by a testdata module",
	"github.com/stripe/stripe-go/v7":                   "only stripe-go v82 is required by a testdata module",
	"github.com/jackc/pgx/v4":                          "only pgx v5 is required by a testdata module",
	"github.com/stripe/stripe-go/v80":                  "only stripe-go v82 is required by a testdata module",
	"github.com/stripe/stripe-go/v81":                  "only stripe-go v82 is required by a testdata module",
	"github.com/gorilla/mux":                           "not required by a testdata module",
}

// A row name is a name a row gives, of a kind: a function or method
// (FuncKey, with "pkg.*.M" for a method of any type), a type (TypeKey),
// a struct field (FieldKey), a variable, or a package.
type rowName struct {
	kind, name, row string
}

// rowNames lists every name the catalog's rows give.
func rowNames() []rowName {
	var out []rowName
	add := func(kind, row string, names ...string) {
		for _, n := range names {
			out = append(out, rowName{kind, n, row})
		}
	}
	for _, table := range []struct {
		row  string
		keys map[string]bool
	}{
		{"generators", setOf(generators)}, {"derivers", setOf(derivers)}, {"sqlCalls", setOf(sqlCalls)},
		{"modelCalls", setOf(modelCalls)}, {"modelUpdates", setOf(modelUpdates)}, {"slotCalls", setOf(slotCalls)},
		{"headerSetters", setOf(headerSetters)}, {"headerGetters", setOf(headerGetters)},
		{"registrations", setOf(registrations)}, {"loopReceivers", setOf(loopReceivers)},
		{"contextRoots", setOf(contextRoots)}, {"externals", setOf(externals)}, {"pubOptions", setOf(pubOptions)},
		{"opKeyMethods", setOf(opKeyMethods)}, {"goLaunchers", goLaunchers}, {"routeURLs", routeURLs},
		{"attemptCounters", attemptCounters}, {"documentInserts", setOf(documentInserts)}, {"preparers", setOf(preparers)},
		{"grpcServiceRegistrations", grpcServiceRegistrations},
	} {
		for k := range table.keys {
			add("func", table.row, k)
		}
	}
	for k := range keySources {
		add("type", "keySources", k)
	}
	for k := range deliveryChans {
		add("type", "deliveryChans", k)
	}
	for k := range grpcRegistrars {
		add("type", "grpcRegistrars", k)
	}
	for k := range opKeyFields {
		add("field", "opKeyFields", k)
	}
	for k := range slotFields {
		if !strings.Contains(k, "...") { // patterns over whole APIs
			add("field", "slotFields", k)
		}
	}
	typeInSig := regexp.MustCompile(`[^(), ]+\.[^(), ]+`)
	for k := range handlerShapes {
		add("type", "handlerShapes", typeInSig.FindAllString(k, -1)...)
	}
	for k := range lambdaEvents {
		add("type", "lambdaEvents", k)
	}
	for p := range derivingPackages {
		add("package", "derivingPackages", p)
	}
	for _, d := range drivers {
		row := "drivers " + d.Path
		add("package", row, d.Path)
		add("type", row, d.Handles...)
		add("type", row, d.Tx...)
		add("type", row, d.Rows...)
		add("func", row, d.TxFuncs...)
		if d.ErrNoRows != "" {
			add("var", row, d.Path+"."+d.ErrNoRows)
		}
		for _, m := range d.Begin {
			add("method of one", row, strings.Join(d.Handles, " ")+" "+m)
		}
		for _, m := range []string{d.Commit, d.Savepoint} {
			if m != "" {
				add("method of one", row, strings.Join(d.Tx, " ")+" "+m)
			}
		}
		for h, w := range d.Wrap {
			add("method of one", row, h+" "+w.Method)
		}
	}
	for _, o := range orms {
		row := "orms " + o.Path
		for _, m := range append(append(sortedKeys(o.Create), sortedKeys(o.Update)...), append(o.Chain, o.Transaction, o.Begin, o.Clauses)...) {
			add("func", row, o.DB+"."+m)
		}
		add("type", row, o.ClausePath+"."+strings.SplitN(o.Clause, "{", 2)[0])
		add("var", row, o.Path+"."+o.ErrDuplicate)
	}
	for k := range attemptFields {
		add("field", "attemptFields", k)
	}
	for _, b := range textBuilders {
		row := "textBuilders " + b.Path
		add("package", row, b.Path)
		add("func", row, b.Expr)
	}
	for _, c := range httpClients {
		for m := range c.Makers {
			add("func", "httpClients", c.Path+"."+m)
		}
	}
	for _, r := range routers {
		add("type", "routers", r.Responders...)
	}
	nameBased := regexp.MustCompile(`%\[1\]s\.(\w+)`)
	for _, u := range uuidTypes {
		add("type", "uuidTypes", u.Type)
		for _, m := range nameBased.FindAllStringSubmatch(u.NameBased, -1) {
			add("object", "uuidTypes", u.Path+"."+m[1])
		}
	}
	for _, h := range pointerHelpers {
		add("func", "pointerHelpers", h.Path+"."+h.Func)
	}
	return out
}

func sortedKeys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// requires returns the module paths a go.mod file requires.
func requires(t *testing.T, gomod string) []string {
	f, err := os.Open(gomod)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var mods []string
	sc := bufio.NewScanner(f)
	block := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "require (":
			block = true
		case line == ")":
			block = false
		case block || strings.HasPrefix(line, "require "):
			fields := strings.Fields(strings.TrimPrefix(line, "require "))
			if len(fields) >= 2 && !strings.Contains(line, "// indirect") {
				mods = append(mods, fields[0])
			}
		}
	}
	return mods
}

// loadLibraries type-checks, with the modules under testdata/mod, the
// packages the rows name that those modules require, and the standard
// library's.
func loadLibraries(t *testing.T) map[string]*types.Package {
	all := map[string]bool{}
	for p := range rowPaths() {
		all[p] = true
	}
	for _, n := range rowNames() {
		if n.kind == "package" {
			all[n.name] = true
			continue
		}
		for _, f := range strings.Fields(n.name) {
			all[keyPackage(strings.TrimLeft(f, "(*[]"))] = true
		}
	}
	mods, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "mod", "*", "go.mod"))
	loaded := map[string]*types.Package{}
	std := true
	for _, gomod := range mods {
		var patterns []string
		for path := range all {
			if isStd(path) && std {
				patterns = append(patterns, path)
			}
			for _, m := range requires(t, gomod) {
				if path == m || strings.HasPrefix(path, m+"/") {
					patterns = append(patterns, path)
				}
			}
		}
		std = false
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: filepath.Dir(gomod)}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil {
			t.Fatalf("loading %s: %v", gomod, err)
		}
		for _, p := range pkgs {
			if len(p.Errors) == 0 && p.Types != nil {
				loaded[p.PkgPath] = p.Types
			}
		}
	}
	return loaded
}

// TestRowsResolve checks each name the rows give against the real
// libraries, at the versions the modules under testdata/mod pin: the
// function, type, field or variable exists, and a method exists on its
// type. Rows of libraries no such module requires are listed in
// unverified, with the reason.
func TestRowsResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the libraries the testdata modules require")
	}
	loaded := loadLibraries(t)
	if len(loaded) < 10 {
		t.Fatalf("loaded %d packages only", len(loaded))
	}
	// The check itself tells a wrong name from a right one.
	for _, bad := range []rowName{
		{"func", "(*database/sql.DB).Exec2", "bad"}, {"type", "*gorm.io/gorm.Database", "bad"},
		{"var", "github.com/jackc/pgx/v5.ErrNoRow", "bad"}, {"func", "net/http.*.NoSuchMethod", "bad"},
	} {
		if resolve(loaded, bad) == "" {
			t.Errorf("resolve(%s %s) found it", bad.kind, bad.name)
		}
	}
	skipped, verified := map[string]int{}, 0
	for _, n := range rowNames() {
		if reason, ok := isUnverified(n.name); ok {
			skipped[reason]++
			continue
		}
		verified++
		if err := resolve(loaded, n); err != "" {
			t.Errorf("%s: %s %s: %s", n.row, n.kind, n.name, err)
		}
	}
	t.Logf("%d names verified", verified)
	for reason, count := range skipped {
		t.Logf("%d names unverified: %s", count, reason)
	}
}

func isUnverified(name string) (string, bool) {
	name = strings.TrimLeft(name, "(*[]")
	for prefix, reason := range unverified {
		if strings.HasPrefix(name, prefix) {
			return prefix + ": " + reason, true
		}
	}
	return "", false
}

// split cuts a qualified name at its package: the longest loaded package
// path followed by a dot.
func split(loaded map[string]*types.Package, name string) (*types.Package, string) {
	var best *types.Package
	for path, p := range loaded {
		if strings.HasPrefix(name, path+".") && (best == nil || len(path) > len(best.Path())) {
			best = p
		}
	}
	if best == nil {
		return nil, ""
	}
	return best, name[len(best.Path())+1:]
}

// resolve returns what is wrong with a row name, or "".
func resolve(loaded map[string]*types.Package, n rowName) string {
	switch n.kind {
	case "package":
		if loaded[n.name] == nil {
			return "package not loaded"
		}
		return ""
	case "method of one":
		fields := strings.Fields(n.name)
		m := fields[len(fields)-1]
		for _, recv := range fields[:len(fields)-1] {
			if t := lookupType(loaded, recv); t != nil && hasMethod(t, m) {
				return ""
			}
		}
		return "no such method on any of the types"
	case "type":
		if lookupType(loaded, n.name) == nil {
			return "no such type"
		}
		return ""
	case "field":
		i := strings.LastIndex(n.name, ".")
		t := lookupType(loaded, n.name[:i])
		if t == nil {
			return "no such type"
		}
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, n.name[i+1:]); obj == nil {
			return "no such field"
		}
		return ""
	}
	name := n.name
	if strings.HasPrefix(name, "(") { // (recv).M
		i := strings.LastIndex(name, ").")
		t := lookupType(loaded, name[1:i])
		if t == nil {
			return "no such receiver type"
		}
		if !hasMethod(t, name[i+2:]) {
			return "no such method"
		}
		return ""
	}
	pkg, rest := split(loaded, name)
	if pkg == nil {
		return "package not loaded"
	}
	if m, ok := strings.CutPrefix(rest, "*."); ok { // a method of any type
		for _, tn := range pkg.Scope().Names() {
			if obj, ok := pkg.Scope().Lookup(tn).(*types.TypeName); ok && hasMethod(obj.Type(), m) {
				return ""
			}
		}
		return "no type has the method"
	}
	obj := pkg.Scope().Lookup(rest)
	switch n.kind {
	case "func":
		if _, ok := obj.(*types.Func); !ok {
			return "no such function"
		}
	case "var":
		if _, ok := obj.(*types.Var); !ok {
			return "no such variable"
		}
	default:
		if obj == nil {
			return "no such object"
		}
	}
	return ""
}

// lookupType finds the type a TypeKey names.
func lookupType(loaded map[string]*types.Package, key string) types.Type {
	if k, ok := strings.CutPrefix(key, "*"); ok {
		if t := lookupType(loaded, k); t != nil {
			return types.NewPointer(t)
		}
		return nil
	}
	if k, ok := strings.CutPrefix(key, "[]"); ok {
		if t := lookupType(loaded, k); t != nil {
			return types.NewSlice(t)
		}
		return nil
	}
	if !strings.Contains(key, ".") {
		return types.Universe.Lookup(key).Type() // error, string
	}
	pkg, name := split(loaded, key)
	if pkg == nil {
		return nil
	}
	obj, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	return obj.Type()
}

// hasMethod reports whether t, or a pointer to it, has method m.
func hasMethod(t types.Type, m string) bool {
	if _, ok := t.(*types.Pointer); !ok && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m)
	_, ok := obj.(*types.Func)
	return ok
}
