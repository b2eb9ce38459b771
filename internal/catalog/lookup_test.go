package catalog

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/idemlint/idemlint/internal/config"
)

// Fake packages stand for the libraries here; the real libraries are
// checked by TestRowsResolve.

var pkgs = map[string]*types.Package{}

func pkg(path string) *types.Package {
	if p, ok := pkgs[path]; ok {
		return p
	}
	name := path[len(path)-len(lastElem(path)):]
	p := types.NewPackage(path, name)
	pkgs[path] = p
	return p
}

func lastElem(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[i+1:]
		}
	}
	return path
}

// named returns the named type path.name (a struct).
func named(path, name string) *types.Named {
	p := pkg(path)
	if obj, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
		return obj.Type().(*types.Named)
	}
	obj := types.NewTypeName(token.NoPos, p, name, nil)
	t := types.NewNamed(obj, types.NewStruct(nil, nil), nil)
	p.Scope().Insert(obj)
	return t
}

// fn returns a package function of path with n string parameters and one
// string result.
func fn(path, name string, n int) *types.Func {
	return types.NewFunc(token.NoPos, pkg(path), name, sig(nil, n))
}

// method returns method name of recv with n string parameters.
func method(recv types.Type, name string, n int) *types.Func {
	var p *types.Package
	switch t := recv.(type) {
	case *types.Pointer:
		p = t.Elem().(*types.Named).Obj().Pkg()
	case *types.Named:
		p = t.Obj().Pkg()
	}
	return types.NewFunc(token.NoPos, p, name, sig(types.NewVar(token.NoPos, p, "r", recv), n))
}

func sig(recv *types.Var, n int) *types.Signature {
	var params []*types.Var
	for i := 0; i < n; i++ {
		params = append(params, types.NewVar(token.NoPos, nil, "", types.Typ[types.String]))
	}
	res := types.NewTuple(types.NewVar(token.NoPos, nil, "", types.Typ[types.String]))
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(params...), res, false)
}

func TestDrivers(t *testing.T) {
	sqlDB := types.NewPointer(named("database/sql", "DB"))
	sqlTx := types.NewPointer(named("database/sql", "Tx"))
	sqlRow := types.NewPointer(named("database/sql", "Row"))
	pgxTx := named("github.com/jackc/pgx/v5", "Tx")
	pool := types.NewPointer(named("github.com/jackc/pgx/v5/pgxpool", "Pool"))
	sqlxDB := types.NewPointer(named("github.com/jmoiron/sqlx", "DB"))

	for _, c := range []struct {
		t                types.Type
		api              string
		autocommit, isTx bool
		wrap             string
	}{
		{sqlDB, "", true, false, "BeginTx"},
		{sqlTx, "sql", false, true, ""},
		{sqlRow, "sql", false, false, ""},
		{pgxTx, "pgx", false, true, ""},
		{pool, "", true, false, "Begin"},
		{sqlxDB, "", true, false, "Beginx"},
		{named("database/sql", "DB"), "", false, false, ""}, // not a pointer: not a handle
	} {
		if got := DriverAPI(c.t); got != c.api {
			t.Errorf("DriverAPI(%s) = %q, want %q", c.t, got, c.api)
		}
		if got := IsAutocommit(c.t); got != c.autocommit {
			t.Errorf("IsAutocommit(%s) = %v", c.t, got)
		}
		if got := IsTx(c.t); got != c.isTx {
			t.Errorf("IsTx(%s) = %v", c.t, got)
		}
		if w, _ := TxWrapOf(c.t); w.Method != c.wrap {
			t.Errorf("TxWrapOf(%s).Method = %q, want %q", c.t, w.Method, c.wrap)
		}
	}

	for name, want := range map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "MustBeginTx": true, "Commit": false} {
		if IsBegin(name) != want {
			t.Errorf("IsBegin(%q) = %v", name, !want)
		}
	}
	if !IsTxFunc(fn("github.com/jackc/pgx/v5", "BeginFunc", 1)) || IsTxFunc(fn("github.com/jackc/pgx/v5", "Connect", 1)) {
		t.Error("IsTxFunc: want pgx.BeginFunc only")
	}

	errNoRows := func(path string) types.Object {
		return types.NewVar(token.NoPos, pkg(path), "ErrNoRows", types.Universe.Lookup("error").Type())
	}
	if !IsErrNoRows(errNoRows("database/sql")) || !IsErrNoRows(errNoRows("github.com/jackc/pgx/v5")) ||
		IsErrNoRows(errNoRows("example.com/mine")) || IsErrNoRows(nil) {
		t.Error("IsErrNoRows: want database/sql's and pgx's only")
	}

	if !IsCommit("Commit") || IsCommit("Rollback") {
		t.Error("IsCommit: want Commit only")
	}
	if !IsSavepoint("Begin", pgxTx) || IsSavepoint("Begin", sqlTx) || IsSavepoint("Begin", pool) {
		t.Error("IsSavepoint: want pgx's Tx.Begin only")
	}
	for _, c := range []struct {
		v    constant.Value
		want bool
	}{
		{constant.MakeString("23505"), true}, {constant.MakeInt64(1062), true},
		{constant.MakeString("1062"), false}, {constant.MakeInt64(23505), false}, {nil, false},
	} {
		if got := IsUniqueViolation(c.v); got != c.want {
			t.Errorf("IsUniqueViolation(%v) = %v", c.v, got)
		}
	}
	for path, want := range map[string]string{
		"github.com/go-sql-driver/mysql": "mysql", "modernc.org/sqlite": "sqlite", "github.com/mattn/go-sqlite3": "sqlite",
		"github.com/jackc/pgx/v5": "", "database/sql": "",
	} {
		if got := PlaceholderDialect(path); got != want {
			t.Errorf("PlaceholderDialect(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestSQLCalls(t *testing.T) {
	for key, want := range map[string]SQLCall{
		"(*database/sql.DB).ExecContext":                   {Query: 1, Args: 2},
		"(*database/sql.Tx).QueryRow":                      {Query: 0, Args: 1},
		"(github.com/jackc/pgx/v5.Tx).Exec":                {Query: 1, Args: 2},
		"(*github.com/jackc/pgx/v5.Batch).Queue":           {Query: 0, Args: 1},
		"(*github.com/jmoiron/sqlx.Tx).NamedExecContext":   {Query: 1, Args: 2, Named: true},
		"(*github.com/jmoiron/sqlx.DB).GetContext":         {Query: 2, Args: 3},
		"(*github.com/jackc/pgx/v5/pgxpool.Pool).QueryRow": {Query: 1, Args: 2},
		"(*gorm.io/gorm.DB).Raw":                           {Query: 0, Args: 1},
	} {
		if got, ok := sqlCalls[key]; !ok || got != want {
			t.Errorf("sqlCalls[%q] = %+v, %v; want %+v", key, got, ok, want)
		}
	}
	if _, ok := sqlCalls["(*database/sql.Conn).Exec"]; ok {
		t.Error("sql.Conn has no Exec without a context")
	}
}

func TestGormNaming(t *testing.T) {
	for name, want := range map[string]string{
		"HTTPRequest":    "http_requests",
		"Order":          "orders",
		"OrderItem":      "order_items",
		"Person":         "people",
		"Category":       "categories",
		"Address":        "addresses",
		"Status":         "statuses",
		"APIKey":         "api_keys",
		"UserID":         "user_ids",
		"ProcessedEvent": "processed_events",
	} {
		if got := GormTable(name); got != want {
			t.Errorf("GormTable(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"ID": "id", "UserID": "user_id", "OrderNumber": "order_number", "HTTPStatus": "http_status",
		"IdempotencyKey": "idempotency_key", "Field2": "field2", "UUID": "uuid",
	} {
		if got := GormColumn(name); got != want {
			t.Errorf("GormColumn(%q) = %q, want %q", name, got, want)
		}
	}
	if !IsGormPrimaryKey("ID", "") || !IsGormPrimaryKey("Ref", "primaryKey;size:64") || IsGormPrimaryKey("Ref", "uniqueIndex") {
		t.Error("IsGormPrimaryKey: want ID and primaryKey-tagged fields")
	}
}

func TestORM(t *testing.T) {
	db := types.NewPointer(named("gorm.io/gorm", "DB"))
	if !IsORMTransaction(method(db, "Transaction", 1)) || IsORMTransaction(method(db, "Create", 1)) {
		t.Error("IsORMTransaction: want (*gorm.DB).Transaction only")
	}
	path, expr, ok := ConflictClause(method(db, "Create", 1))
	if !ok || path != "gorm.io/gorm/clause" || expr != "OnConflict{DoNothing: true}" {
		t.Errorf("ConflictClause = %q, %q, %v", path, expr, ok)
	}
	if !IsORMBegin("Begin") || IsORMBegin("BeginTx") || !IsORMClauses("Clauses") || IsORMClauses("Where") {
		t.Error("IsORMBegin, IsORMClauses: want gorm's Begin and Clauses")
	}
	if !IsDuplicateKeyErr("ErrDuplicatedKey") || IsDuplicateKeyErr("ErrRecordNotFound") {
		t.Error("IsDuplicateKeyErr: want gorm's ErrDuplicatedKey")
	}
	if !IsORMChain("WithContext") || IsORMChain("Create") {
		t.Error("IsORMChain: want the refining methods only")
	}
}

func TestDerivations(t *testing.T) {
	uuidT := named("github.com/google/uuid", "UUID")
	for _, c := range []struct {
		fn   *types.Func
		want bool
	}{
		{fn("github.com/google/uuid", "NewSHA1", 2), true},
		{fn("github.com/google/uuid", "Parse", 1), true},
		{method(uuidT, "String", 0), true},
		{fn("strconv", "Itoa", 1), true},
		{fn("github.com/aws/aws-sdk-go-v2/aws", "String", 1), true},
		{fn("github.com/stripe/stripe-go/v82", "String", 1), true},
		// Generators, even of a package of derivations, are fresh.
		{fn("github.com/google/uuid", "NewV7", 0), false},
		{fn("github.com/google/uuid", "New", 0), false},
		{fn("time", "Now", 0), false},
		{fn("example.com/mine", "Key", 1), false},
	} {
		if got := IsDerivation(c.fn); got != c.want {
			t.Errorf("IsDerivation(%s) = %v, want %v", c.fn.FullName(), got, c.want)
		}
	}
	if g, ok := generators["github.com/google/uuid.NewV7"]; !ok || !g.ID {
		t.Error("uuid.NewV7 is a fresh identifier generator")
	}
}

func TestStripeMajors(t *testing.T) {
	for _, m := range stripeMajors {
		mod := stripeModule + "/" + m
		if _, ok := generators[mod+".NewIdempotencyKey"]; !ok {
			t.Errorf("no NewIdempotencyKey row for %s", mod)
		}
		if _, ok := slotFields[mod+".Params.IdempotencyKey"]; !ok {
			t.Errorf("no Params.IdempotencyKey row for %s", mod)
		}
		if _, ok := slotCalls["(*"+mod+".Params).SetIdempotencyKey"]; !ok {
			t.Errorf("no SetIdempotencyKey row for %s", mod)
		}
		if e, ok := externals[mod+"/refund.New"]; !ok || e.Arg != 0 || e.Slot != ParamsKey {
			t.Errorf("refund.New of %s: %+v, %v", mod, e, ok)
		}
		if _, ok := externals[mod+"/paymentintent.Confirm"]; ok {
			t.Errorf("paymentintent.Confirm of %s is a row: a repeat is refused", mod)
		}
	}
}

func TestHTTP(t *testing.T) {
	if i, ok := RequestMaker(fn("net/http", "NewRequestWithContext", 3)); !ok || i != 1 {
		t.Errorf("RequestMaker(http.NewRequestWithContext) = %d, %v", i, ok)
	}
	if _, ok := RequestMaker(fn("net/http", "Get", 1)); ok {
		t.Error("http.Get builds no request")
	}
	retry := fn("github.com/hashicorp/go-retryablehttp", "NewRequest", 3)
	if !SelfRetrying(retry) || SelfRetrying(fn("net/http", "Post", 3)) {
		t.Error("SelfRetrying: want go-retryablehttp only")
	}
	if !IsHTTPClient(retry) || IsHTTPClient(fn("net/http/httputil", "DumpRequest", 2)) {
		t.Error("IsHTTPClient: want the client packages only")
	}
	header := named("net/http", "Header")
	if !SetsRequestHeader(method(header, "Set", 2)) || SetsRequestHeader(method(header, "Get", 1)) ||
		SetsRequestHeader(method(named("github.com/nats-io/nats.go", "Header"), "Set", 2)) {
		t.Error("SetsRequestHeader: want http.Header's Set and Add")
	}
	if !IsRequestHeaderFunc(fn("net/http", "CanonicalHeaderKey", 1)) || IsRequestHeaderFunc(retry) {
		t.Error("IsRequestHeaderFunc: want net/http only")
	}
	if !IsResponder(named("net/http", "ResponseWriter")) || !IsResponder(types.NewPointer(named("github.com/gin-gonic/gin", "Context"))) ||
		IsResponder(named("github.com/gin-gonic/gin", "Context")) {
		t.Error("IsResponder: want ResponseWriter and *gin.Context")
	}
}

func TestProvidersAndBrokers(t *testing.T) {
	h, ok := StringPointer(method(types.NewPointer(named("github.com/aws/aws-sdk-go-v2/service/sqs", "Client")), "SendMessage", 2))
	if !ok || h.Path != "github.com/aws/aws-sdk-go-v2/aws" || h.Func != "String" {
		t.Errorf("StringPointer(sqs) = %+v, %v", h, ok)
	}
	params := types.NewPointer(named("github.com/stripe/stripe-go/v82", "Params"))
	if !IsParamsKeySetter(method(params, "SetIdempotencyKey", 1)) || IsParamsKeySetter(method(params, "AddMetadata", 2)) {
		t.Error("IsParamsKeySetter: want stripe's SetIdempotencyKey")
	}
	if _, ok := StringPointer(fn("example.com/carrier", "Book", 1)); ok {
		t.Error("StringPointer of an unknown module")
	}
	for path, want := range map[string]string{"github.com/nats-io/nats.go": "MsgId", "github.com/nats-io/nats.go/jetstream": "WithMsgID"} {
		if got, _ := MsgIDOption(path); got != want {
			t.Errorf("MsgIDOption(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestUUIDTypes(t *testing.T) {
	u, ok := UUIDOf(named("github.com/gofrs/uuid/v5", "UUID"))
	if !ok || u.Path != "github.com/gofrs/uuid/v5" {
		t.Errorf("UUIDOf(gofrs) = %+v, %v", u, ok)
	}
	if s := StringUUID(); s.Path != "github.com/google/uuid" {
		t.Errorf("StringUUID = %+v", s)
	}
	if _, ok := UUIDOf(types.Typ[types.String]); ok {
		t.Error("a string is no UUID type")
	}
}

func TestKeyPackages(t *testing.T) {
	for key, want := range map[string][]string{
		"github.com/google/uuid.New":                 {"github.com/google/uuid"},
		"(*github.com/nats-io/nats.go.Conn).Publish": {"github.com/nats-io/nats", "github.com/nats-io/nats.go"},
		"github.com/satori/go.uuid.NewV4":            {"github.com/satori/go", "github.com/satori/go.uuid"},
		"github.com/nats-io/nats.go.*.Subscribe":     {"github.com/nats-io/nats.go"},
		"(github.com/jackc/pgx/v5.Tx).Exec":          {"github.com/jackc/pgx/v5"},
	} {
		if got := keyPackages(key); !slices.Equal(got, want) {
			t.Errorf("keyPackages(%q) = %q, want %q", key, got, want)
		}
	}
	cat := New(&config.Config{})
	for _, path := range []string{"github.com/satori/go.uuid", "github.com/nats-io/nats.go", "database/sql", "gorm.io/gorm"} {
		if !cat.MayKnow(path) {
			t.Errorf("MayKnow(%q) = false", path)
		}
	}
}

// TestIsWiredWithConfiguredRoot checks that naming a function of the
// program in the configuration (a root) leaves its package's interfaces
// to the composition root, as they were without it.
func TestIsWiredWithConfiguredRoot(t *testing.T) {
	p := types.NewPackage("example.com/travel/api", "api")
	named := types.NewNamed(types.NewTypeName(token.NoPos, p, "BookingStore", nil), nil, nil)
	recv := types.NewVar(token.NoPos, p, "", named)
	cancel := types.NewFunc(token.NoPos, p, "Cancel", types.NewSignatureType(recv, nil, nil, nil, nil, false))
	named.SetUnderlying(types.NewInterfaceType([]*types.Func{cancel}, nil).Complete())

	if !New(config.Default()).IsWired(cancel) {
		t.Fatalf("%s: not wired with the default configuration", cancel.FullName())
	}
	cfg := config.Default()
	cfg.Roots = []string{"(*example.com/travel/api.Handler).Handle"}
	if !New(cfg).IsWired(cancel) {
		t.Errorf("%s: not wired once a function of its package is a configured root", cancel.FullName())
	}
}

func TestRoutes(t *testing.T) {
	var routes []Route
	for _, p := range []string{"POST /orders/{id}/insert", "/shipments/:id", "GET /orders/{id}", "/"} {
		if r, ok := ParseRoute(p); ok {
			routes = append(routes, r)
		}
	}
	if len(routes) != 3 {
		t.Fatalf("ParseRoute: %d routes, want 3 (a bare / names nothing)", len(routes))
	}
	c := (&Catalog{}).WithRoutes(routes)
	for _, tc := range []struct {
		method string
		segs   []string
		want   bool
	}{
		{"POST", []string{"orders", "", "insert"}, true},
		{"POST", []string{"v1", "orders", "", "insert"}, true},
		{"PATCH", []string{"orders", "", "insert"}, false}, // the pattern names POST
		{"POST", []string{"orders", "", "refund"}, false},
		{"POST", []string{"shipments", ""}, true},
		{"POST", []string{"", ""}, false}, // nothing the URL names
		{"POST", []string{"orders", ""}, false},
	} {
		if got := c.Serves(tc.method, tc.segs); got != tc.want {
			t.Errorf("Serves(%s, %q) = %v, want %v", tc.method, tc.segs, got, tc.want)
		}
	}
}

// TestKeyPlace checks where the advice of a finding without a fix says
// the operation key is: by the longest kind the root's description
// starts with, with the configured header, lower-cased as gRPC metadata.
func TestKeyPlace(t *testing.T) {
	cat := New(config.Default())
	for root, want := range map[string]string{
		"gin handler Handler.Create":      "the request's Idempotency-Key header",
		"gRPC method Server.Place":        "the request's idempotency-key metadata entry",
		"Lambda SQS handler handle":       "the message's ID",
		"asynq handler Worker.Process":    "the task's ID",
		"backoff.Retry operation func$1":  "the operation's key",
		"HTTP handlers are not a kind":    "the operation's key",
		"kafka-go consumer loop C.Run":    "the message's topic, partition and offset",
		"Lambda API Gateway handler post": "the request's Idempotency-Key header",
		"Pub/Sub receiver func literal":   "the message's ID",
	} {
		if got := cat.KeyPlace(root); got != want {
			t.Errorf("KeyPlace(%q) = %q, want %q", root, got, want)
		}
	}
	for kind := range keyPlaces {
		if !slices.Contains(rootKinds(), kind) {
			t.Errorf("keyPlaces names %q, which is no kind of root", kind)
		}
	}
}

// rootKinds lists the kinds of root the tables name.
func rootKinds() []string {
	var out []string
	for _, table := range []map[string]string{handlerShapes, lambdaEvents, contextRoots, loopReceivers, deliveryChans} {
		for _, kind := range table {
			out = append(out, kind)
		}
	}
	for _, r := range registrations {
		out = append(out, r.Kind)
	}
	for kind := range contextKeys {
		out = append(out, kind) // gRPC methods are found by their registrars
	}
	return append(out, PolledJob) // found by the statement that claims the job
}
