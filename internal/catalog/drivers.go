package catalog

import (
	"fmt"
	"go/constant"
	"go/types"
	"maps"
	"slices"
)

// Database drivers, as data: the handles, transactions and rows of each
// database API, how a transaction begins and a fix writes one, the
// methods that run SQL text, the error for a missing row, and the SQL
// dialect a driver registered by import speaks.

// A Driver is one package of a database API. Type names are TypeKeys,
// function names FuncKeys.
type Driver struct {
	Path string
	// API names the conventions the driver's code follows: "sql" for
	// database/sql and the libraries that extend it (sqlx), "pgx" for
	// pgx and pgxpool. Code a fix writes for a value follows its API.
	API string
	// Handles commit each statement on its own.
	Handles []string
	// Tx are transactions: their Commit makes their writes durable.
	Tx []string
	// Rows are single-row results, whose Scan reports a missing row.
	Rows []string
	// Begin are the methods of a handle that begin a transaction; Commit
	// is the transaction's method that commits it, Savepoint its method
	// that begins a nested transaction, which belongs to it.
	Begin             []string
	Commit, Savepoint string
	// TxFuncs run a callback in a transaction they begin and commit.
	TxFuncs []string
	// ErrNoRows is the variable of Path a missing row is reported by.
	ErrNoRows string
	// Exec are the methods that run SQL text, by receiver.
	Exec []Executors
	// Wrap says, by handle type, how a fix wraps statements in a
	// transaction on that handle.
	Wrap map[string]TxWrap
	// Dialect and Placeholder are the SQL the database behind a driver
	// registered by importing Path speaks: "mysql", "sqlite" or
	// "postgres", with "?" or "$n" placeholders.
	Dialect, Placeholder string
	// UniqueState is the SQLSTATE, UniqueNumber the error number, the
	// database reports a unique violation with.
	UniqueState  string
	UniqueNumber int
}

// Executors are methods of the receivers (FuncKey receivers: "(*pkg.T)")
// that run SQL text.
type Executors struct {
	Recv    []string
	Methods []Exec
}

// An Exec is a method that runs SQL text given at Query with arguments
// from Args on (counted without the receiver); Named is set for named
// parameters bound from a struct or map argument.
type Exec struct {
	Name  string
	Query int
	Args  int
	Named bool
}

// A TxWrap says how to begin, commit and roll back a transaction on a
// handle: in the templates %[1]s is the handle, %[2]s the context.
type TxWrap struct {
	Begin, Commit, Rollback string
	Method                  string // the begin method, whose first result is the transaction
	Ctx                     bool   // Begin needs the context
	// Single: Begin returns the transaction alone, whose Error field
	// holds the failure to begin (gorm's db.Begin()).
	Single bool
}

// database/sql's executors with and without a context, and those of a
// prepared statement, whose text is the one it was prepared with (Query
// -1: see Preparer).
var (
	preparedExec = []Exec{
		{"Exec", -1, 0, false}, {"Query", -1, 0, false}, {"QueryRow", -1, 0, false},
		{"ExecContext", -1, 1, false}, {"QueryContext", -1, 1, false}, {"QueryRowContext", -1, 1, false},
	}
	sqlCtxExec   = []Exec{{"ExecContext", 1, 2, false}, {"QueryContext", 1, 2, false}, {"QueryRowContext", 1, 2, false}}
	sqlPlainExec = []Exec{{"Exec", 0, 1, false}, {"Query", 0, 1, false}, {"QueryRow", 0, 1, false}}
	pgxExec      = []Exec{{"Exec", 1, 2, false}, {"Query", 1, 2, false}, {"QueryRow", 1, 2, false}}
	sqlxExec     = []Exec{
		{"MustExec", 0, 1, false}, {"MustExecContext", 1, 2, false},
		{"Queryx", 0, 1, false}, {"QueryRowx", 0, 1, false},
		{"QueryxContext", 1, 2, false}, {"QueryRowxContext", 1, 2, false},
		{"Get", 1, 2, false}, {"GetContext", 2, 3, false},
		{"NamedExec", 0, 1, true}, {"NamedExecContext", 1, 2, true},
		{"NamedQuery", 0, 1, true},
	}
	// sqlx's DB has a NamedQueryContext; its Tx has none.
	sqlxDBExec = []Exec{{"NamedQueryContext", 1, 2, true}}
)

var drivers = []Driver{
	{
		Path: "database/sql", API: "sql",
		Handles:   []string{"*database/sql.DB", "*database/sql.Conn"},
		Tx:        []string{"*database/sql.Tx"},
		Rows:      []string{"*database/sql.Row"},
		Begin:     []string{"Begin", "BeginTx"},
		Commit:    "Commit",
		ErrNoRows: "ErrNoRows",
		Exec: []Executors{
			{Recv: []string{"(*database/sql.DB)", "(*database/sql.Tx)", "(*database/sql.Conn)"}, Methods: sqlCtxExec},
			{Recv: []string{"(*database/sql.DB)", "(*database/sql.Tx)"}, Methods: sqlPlainExec},
			{Recv: []string{"(*database/sql.Stmt)"}, Methods: preparedExec},
		},
		Wrap: map[string]TxWrap{
			"*database/sql.DB": {Begin: "%[1]s.BeginTx(%[2]s, nil)", Commit: "tx.Commit()", Rollback: "tx.Rollback()", Method: "BeginTx", Ctx: true},
		},
	},
	{
		Path: "github.com/jmoiron/sqlx", API: "sql",
		Handles: []string{"*github.com/jmoiron/sqlx.DB"},
		Tx:      []string{"*github.com/jmoiron/sqlx.Tx"},
		Rows:    []string{"*github.com/jmoiron/sqlx.Row"},
		Begin:   []string{"Beginx", "BeginTxx", "MustBegin", "MustBeginTx"},
		Commit:  "Commit",
		Exec: []Executors{
			{Recv: []string{"(*github.com/jmoiron/sqlx.DB)", "(*github.com/jmoiron/sqlx.Tx)"}, Methods: sqlxExec},
			{Recv: []string{"(*github.com/jmoiron/sqlx.DB)"}, Methods: sqlxDBExec},
		},
		Wrap: map[string]TxWrap{
			"*github.com/jmoiron/sqlx.DB": {Begin: "%[1]s.Beginx()", Commit: "tx.Commit()", Rollback: "tx.Rollback()", Method: "Beginx"},
		},
	},
	{
		Path: "github.com/jackc/pgx/v5", API: "pgx",
		Handles:   []string{"*github.com/jackc/pgx/v5.Conn"},
		Tx:        []string{"github.com/jackc/pgx/v5.Tx"},
		Rows:      []string{"github.com/jackc/pgx/v5.Row"},
		Begin:     []string{"Begin", "BeginTx"},
		Commit:    "Commit",
		Savepoint: "Begin",
		TxFuncs:   []string{"github.com/jackc/pgx/v5.BeginFunc", "github.com/jackc/pgx/v5.BeginTxFunc"},
		ErrNoRows: "ErrNoRows",
		Exec: []Executors{
			{Recv: []string{"(*github.com/jackc/pgx/v5.Conn)", "(github.com/jackc/pgx/v5.Tx)"}, Methods: pgxExec},
			{Recv: []string{"(*github.com/jackc/pgx/v5.Batch)"}, Methods: []Exec{{"Queue", 0, 1, false}}},
		},
		Dialect: "postgres", Placeholder: "$n", UniqueState: "23505",
	},
	{
		Path: "github.com/jackc/pgx/v5/pgxpool", API: "pgx",
		Handles: []string{"*github.com/jackc/pgx/v5/pgxpool.Pool", "*github.com/jackc/pgx/v5/pgxpool.Conn"},
		Tx:      []string{"*github.com/jackc/pgx/v5/pgxpool.Tx"},
		Begin:   []string{"Begin", "BeginTx"},
		Commit:  "Commit", Savepoint: "Begin",
		Exec: []Executors{{Recv: []string{
			"(*github.com/jackc/pgx/v5/pgxpool.Pool)", "(*github.com/jackc/pgx/v5/pgxpool.Conn)", "(*github.com/jackc/pgx/v5/pgxpool.Tx)",
		}, Methods: pgxExec}},
		Wrap: map[string]TxWrap{
			"*github.com/jackc/pgx/v5/pgxpool.Pool": {Begin: "%[1]s.Begin(%[2]s)", Commit: "tx.Commit(%[2]s)", Rollback: "tx.Rollback(%[2]s)", Method: "Begin", Ctx: true},
		},
		Dialect: "postgres", Placeholder: "$n",
	},
	{
		// pgx v4: the v5 API, with BeginFunc a method of every handle.
		Path: "github.com/jackc/pgx/v4", API: "pgx",
		Handles:   []string{"*github.com/jackc/pgx/v4.Conn"},
		Tx:        []string{"github.com/jackc/pgx/v4.Tx"},
		Rows:      []string{"github.com/jackc/pgx/v4.Row"},
		Begin:     []string{"Begin", "BeginTx"},
		Commit:    "Commit",
		Savepoint: "Begin",
		TxFuncs:   []string{"(*github.com/jackc/pgx/v4.Conn).BeginFunc", "(*github.com/jackc/pgx/v4.Conn).BeginTxFunc"},
		ErrNoRows: "ErrNoRows",
		Exec: []Executors{
			{Recv: []string{"(*github.com/jackc/pgx/v4.Conn)", "(github.com/jackc/pgx/v4.Tx)"}, Methods: pgxExec},
			{Recv: []string{"(*github.com/jackc/pgx/v4.Batch)"}, Methods: []Exec{{"Queue", 0, 1, false}}},
		},
		Dialect: "postgres", Placeholder: "$n", UniqueState: "23505",
	},
	{
		Path: "github.com/jackc/pgx/v4/pgxpool", API: "pgx",
		Handles: []string{"*github.com/jackc/pgx/v4/pgxpool.Pool", "*github.com/jackc/pgx/v4/pgxpool.Conn"},
		Tx:      []string{"*github.com/jackc/pgx/v4/pgxpool.Tx"},
		Begin:   []string{"Begin", "BeginTx"},
		Commit:  "Commit", Savepoint: "Begin",
		TxFuncs: []string{
			"(*github.com/jackc/pgx/v4/pgxpool.Pool).BeginFunc", "(*github.com/jackc/pgx/v4/pgxpool.Pool).BeginTxFunc",
			"(*github.com/jackc/pgx/v4/pgxpool.Conn).BeginFunc",
		},
		Exec: []Executors{{Recv: []string{
			"(*github.com/jackc/pgx/v4/pgxpool.Pool)", "(*github.com/jackc/pgx/v4/pgxpool.Conn)", "(*github.com/jackc/pgx/v4/pgxpool.Tx)",
		}, Methods: pgxExec}},
		Wrap: map[string]TxWrap{
			"*github.com/jackc/pgx/v4/pgxpool.Pool": {Begin: "%[1]s.Begin(%[2]s)", Commit: "tx.Commit(%[2]s)", Rollback: "tx.Rollback(%[2]s)", Method: "Begin", Ctx: true},
		},
		Dialect: "postgres", Placeholder: "$n",
	},
	{
		// bun's handles wrap database/sql's (its ExecContext and
		// QueryContext are database/sql's own); its statements are built
		// by query builders (see queryBuilders).
		Path: "github.com/uptrace/bun", API: "sql",
		Handles: []string{"*github.com/uptrace/bun.DB", "*github.com/uptrace/bun.Conn"},
		Tx:      []string{"github.com/uptrace/bun.Tx", "*github.com/uptrace/bun.Tx"},
		Begin:   []string{"Begin", "BeginTx"},
		Commit:  "Commit",
		TxFuncs: []string{"(*github.com/uptrace/bun.DB).RunInTx", "(github.com/uptrace/bun.Tx).RunInTx"},
		Wrap: map[string]TxWrap{
			"*github.com/uptrace/bun.DB": {Begin: "%[1]s.BeginTx(%[2]s, nil)", Commit: "tx.Commit()", Rollback: "tx.Rollback()", Method: "BeginTx", Ctx: true},
		},
	},
	{
		// The Client and Tx of the API ent generates (see ent.go): its
		// statements are built by the entities' builders. Code a fix
		// writes in SQL cannot run on them, so the API is none.
		Path:    entPath,
		Handles: []string{"*entgo.io/ent.Client"},
		Tx:      []string{"*entgo.io/ent.Tx"},
		Begin:   []string{"Tx", "BeginTx"},
		Commit:  "Commit",
		Wrap: map[string]TxWrap{
			"*entgo.io/ent.Client": {Begin: "%[1]s.Tx(%[2]s)", Commit: "tx.Commit()", Rollback: "tx.Rollback()", Method: "Tx", Ctx: true},
		},
	},
	{Path: "github.com/go-sql-driver/mysql", Dialect: "mysql", Placeholder: "?", UniqueNumber: 1062},
	{Path: "github.com/mattn/go-sqlite3", Dialect: "sqlite", Placeholder: "?"},
	{Path: "modernc.org/sqlite", Dialect: "sqlite", Placeholder: "?"},
	// PostgreSQL's drivers for database/sql: they tell the dialect of
	// a statement whose parameters are named.
	{Path: "github.com/lib/pq", Dialect: "postgres", Placeholder: "$n"},
	{Path: "github.com/jackc/pgx/v5/stdlib", Dialect: "postgres", Placeholder: "$n"},
	{Path: "github.com/jackc/pgx/v4/stdlib", Dialect: "postgres", Placeholder: "$n"},
	// bun's dialects: the program's bun statements speak the one it
	// links (bun.NewDB(sqldb, pgdialect.New())), whatever their
	// placeholders.
	{Path: "github.com/uptrace/bun/dialect/pgdialect", Dialect: "postgres"},
	{Path: "github.com/uptrace/bun/dialect/mysqldialect", Dialect: "mysql"},
	{Path: "github.com/uptrace/bun/dialect/sqlitedialect", Dialect: "sqlite"},
}

// preparers are the methods that prepare the SQL text at the argument
// given (counted without the receiver) into a statement whose executors
// run it (see preparedExec).
var preparers = map[string]int{
	"(*database/sql.DB).Prepare":                    0,
	"(*database/sql.DB).PrepareContext":             1,
	"(*database/sql.Tx).Prepare":                    0,
	"(*database/sql.Tx).PrepareContext":             1,
	"(*database/sql.Conn).PrepareContext":           1,
	"(*github.com/jmoiron/sqlx.DB).Preparex":        0,
	"(*github.com/jmoiron/sqlx.DB).PreparexContext": 1,
	"(*github.com/jmoiron/sqlx.Tx).Preparex":        0,
	"(*github.com/jmoiron/sqlx.Tx).PreparexContext": 1,
}

// Preparer reports whether fn prepares SQL text into a statement, and
// which argument the text is.
func Preparer(fn *types.Func) (int, bool) {
	q, ok := get(preparers, fn)
	return q, ok
}

// An SQLCall executes SQL text given at Query with arguments from Args on
// (counted without the receiver). Named is set for named parameters bound
// from a struct or map argument.
type SQLCall struct {
	// Query is -1 for a prepared statement's executors: the text is
	// the one the receiver was prepared with.
	Query, Args int
	Named       bool
	// Forward is set for a function of the program that hands the text
	// and arguments it is given to an executor (a repository's
	// exec(ctx, query, args...) helper). Handle is then 1 + the index of
	// the parameter it runs them on, or 0 when the handle is its own (a
	// field of its receiver); Autocommit says that handle commits each
	// statement on its own.
	Forward    bool
	Handle     int
	Autocommit bool
	// Affected is set for a forwarding function whose first result is
	// the rows the statement affected (return res.RowsAffected()): a
	// caller that reads it learns whether a claim took.
	Affected bool
	// Built is set for a text builder's executor: the text is the one
	// its receiver's chain renders, run on the handle the chain's
	// RunWith gives it (see TextBuilder).
	Built bool
	// Partial is set for a forwarding function that runs other texts
	// its caller gives besides Query's (insertOrGet(ctx, q, insertSQL,
	// args, lookupSQL, lookupArgs...)): the statement is not all it
	// runs.
	Partial bool
}

// sqlCalls are the executors of the drivers and ORMs, by FuncKey.
var sqlCalls = sqlCallTable()

func sqlCallTable() map[string]SQLCall {
	out := map[string]SQLCall{}
	add := func(execs []Executors) {
		for _, e := range execs {
			for _, recv := range e.Recv {
				for _, m := range e.Methods {
					out[recv+"."+m.Name] = SQLCall{Query: m.Query, Args: m.Args, Named: m.Named}
				}
			}
		}
	}
	for _, d := range drivers {
		add(d.Exec)
	}
	for _, o := range orms {
		add(o.Exec)
	}
	maps.Copy(out, handleFuncs)
	for _, b := range textBuilders {
		for _, t := range b.Statements {
			for _, m := range b.Run {
				out["("+b.Path+"."+t+")."+m] = SQLCall{Query: -1, Built: true}
			}
		}
	}
	return out
}

// handleFuncs are package functions that run SQL text on the handle
// they are given (sqlx's, on an Ext: the database or a transaction),
// which decides their commit unit as a receiver would.
var handleFuncs = map[string]SQLCall{
	"github.com/jmoiron/sqlx.NamedExec":         {Query: 1, Args: 2, Named: true, Forward: true, Handle: 1},
	"github.com/jmoiron/sqlx.NamedExecContext":  {Query: 2, Args: 3, Named: true, Forward: true, Handle: 2},
	"github.com/jmoiron/sqlx.NamedQuery":        {Query: 1, Args: 2, Named: true, Forward: true, Handle: 1},
	"github.com/jmoiron/sqlx.NamedQueryContext": {Query: 2, Args: 3, Named: true, Forward: true, Handle: 2},
	"github.com/jmoiron/sqlx.MustExec":          {Query: 1, Args: 2, Forward: true, Handle: 1},
	"github.com/jmoiron/sqlx.MustExecContext":   {Query: 2, Args: 3, Forward: true, Handle: 2},
	"github.com/jmoiron/sqlx.Get":               {Query: 2, Args: 3, Forward: true, Handle: 1},
	"github.com/jmoiron/sqlx.GetContext":        {Query: 3, Args: 4, Forward: true, Handle: 2},
	"github.com/jmoiron/sqlx.Select":            {Query: 2, Args: 3, Forward: true, Handle: 1},
	"github.com/jmoiron/sqlx.SelectContext":     {Query: 3, Args: 4, Forward: true, Handle: 2},
}

// A Binder rewrites a named query for an argument (sqlx.Named): its
// first result is the text at Query with the argument at Arg's named
// parameters turned into placeholders, its second the values bound to
// them. A function of the program that binds a query and an argument it
// is given and runs the result (a repository's namedExec(ctx, q,
// query, arg)) forwards them as a named executor.
type Binder struct{ Query, Arg int }

var binders = map[string]Binder{
	"github.com/jmoiron/sqlx.Named":       {Query: 0, Arg: 1},
	"github.com/jmoiron/sqlx.BindNamed":   {Query: 1, Arg: 2},
	"github.com/jmoiron/sqlx.*.BindNamed": {Query: 0, Arg: 1},
}

// rebinders turn a query's placeholders into a driver's (sqlx's
// Rebind): the result is the text at the index given, for the same
// arguments.
var rebinders = map[string]int{
	"github.com/jmoiron/sqlx.Rebind":   1,
	"github.com/jmoiron/sqlx.*.Rebind": 0,
}

// expanders expand a query's bindvars for slice arguments (sqlx's In:
// "status IN (?)" given a slice): the first result is the text at the
// index given, its placeholders widened.
var expanders = map[string]int{
	"github.com/jmoiron/sqlx.In": 0,
}

// Expander returns the index of the query a bindvar-expanding function
// takes, whose text it returns first.
func Expander(fn *types.Func) (int, bool) { return lookup(expanders, fn) }

// NamedBinder returns how fn binds a named query, when it does.
func NamedBinder(fn *types.Func) (Binder, bool) { return lookup(binders, fn) }

// Rebinder returns the index of the query a rebinding function takes.
func Rebinder(fn *types.Func) (int, bool) { return lookup(rebinders, fn) }

// driverOf returns the driver that declares a handle, transaction or row
// of type t.
func driverOf(t types.Type) *Driver {
	// Asked of every value whose type might be a handle: the key is
	// compared from a buffer, not allocated, and only for the named
	// types and pointers to them that the drivers' types are (the key
	// of any other type is its TypeString).
	if !namedOrPointer(t) {
		return nil
	}
	var buf [128]byte
	key := appendTypeKey(buf[:0], t)
	is := func(k string) bool { return string(key) == k }
	for i := range drivers {
		d := &drivers[i]
		if slices.ContainsFunc(d.Handles, is) || slices.ContainsFunc(d.Tx, is) || slices.ContainsFunc(d.Rows, is) {
			return d
		}
	}
	return nil
}

// namedOrPointer reports whether t is a named type or a pointer to one.
func namedOrPointer(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	_, ok := t.(*types.Named)
	return ok
}

// DriverAPI names the API ("sql", "pgx") of the driver a transaction or
// row of type t belongs to, or "": the code a fix writes to claim a key
// inside a transaction follows it.
func DriverAPI(t types.Type) string {
	d := driverOf(t)
	if d == nil || slices.Contains(d.Handles, TypeKey(t)) {
		return ""
	}
	return d.API
}

// IsAutocommit reports whether t is a database handle on which every
// statement commits on its own.
func IsAutocommit(t types.Type) bool {
	d := driverOf(t)
	return d != nil && slices.Contains(d.Handles, TypeKey(t))
}

// IsTx reports whether t is a transaction, whose Commit makes its writes
// durable.
func IsTx(t types.Type) bool {
	d := driverOf(t)
	return d != nil && slices.Contains(d.Tx, TypeKey(t))
}

// IsBegin reports whether a method named name begins a transaction, on
// whichever driver's handle it is called: callers check the receiver.
func IsBegin(name string) bool {
	for _, d := range drivers {
		if slices.Contains(d.Begin, name) {
			return true
		}
	}
	return false
}

// IsTxFunc reports whether fn runs a callback in a transaction it begins
// and commits (pgx.BeginFunc).
func IsTxFunc(fn *types.Func) bool {
	var buf [128]byte
	key := appendFuncKey(buf[:0], fn)
	for _, d := range drivers {
		for _, f := range d.TxFuncs {
			if string(key) == f {
				return true
			}
		}
	}
	return false
}

// IsErrNoRows reports whether obj is a driver's error for a missing row
// (sql.ErrNoRows, pgx.ErrNoRows).
func IsErrNoRows(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil {
		return false
	}
	for _, d := range drivers {
		if d.ErrNoRows != "" && d.Path == v.Pkg().Path() && d.ErrNoRows == v.Name() {
			return true
		}
	}
	return false
}

// TxWrapOf says how a fix wraps statements in a transaction on a handle
// of type t.
func TxWrapOf(t types.Type) (TxWrap, bool) {
	key := TypeKey(t)
	for _, d := range drivers {
		if w, ok := d.Wrap[key]; ok {
			return w, true
		}
	}
	for _, o := range orms {
		if o.Wrap != nil && "("+key+")" == o.DB {
			return *o.Wrap, true
		}
	}
	return TxWrap{}, false
}

// PlaceholderDialect returns the dialect ("mysql", "sqlite") of the
// database whose driver importing path registers, when that driver uses
// ? placeholders: a statement with ? placeholders is in that dialect.
func PlaceholderDialect(path string) string {
	for _, d := range drivers {
		if d.Path == path && d.Placeholder == "?" {
			return d.Dialect
		}
	}
	return ""
}

// DriverDialect returns the dialect ("postgres", "mysql", "sqlite") of
// the database whose driver importing path registers, or "".
func DriverDialect(path string) string {
	for _, d := range drivers {
		if d.Path == path {
			return d.Dialect
		}
	}
	return ""
}

// IsCommit reports whether a method named name commits a transaction, of
// whichever driver: callers check the receiver.
func IsCommit(name string) bool {
	return slices.ContainsFunc(drivers, func(d Driver) bool { return d.Commit == name })
}

// IsSavepoint reports whether the method name of a transaction of type
// recv begins a nested transaction (pgx's tx.Begin), which commits with
// the transaction it belongs to.
func IsSavepoint(name string, recv types.Type) bool {
	d := driverOf(recv)
	return d != nil && d.Savepoint == name && slices.Contains(d.Tx, TypeKey(recv))
}

// IsUniqueViolation reports whether a constant is the code a database
// reports a unique violation with: PostgreSQL's SQLSTATE 23505, MySQL's
// error 1062.
func IsUniqueViolation(c constant.Value) bool {
	if c == nil {
		return false
	}
	for _, d := range drivers {
		switch {
		case d.UniqueState != "" && c.Kind() == constant.String && constant.StringVal(c) == d.UniqueState:
			return true
		case d.UniqueNumber != 0 && c.Kind() == constant.Int && c.ExactString() == fmt.Sprint(d.UniqueNumber):
			return true
		}
	}
	return false
}
