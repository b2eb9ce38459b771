// Package forward runs its SQL through helpers that take the text and
// the arguments and hand them on: the statements are still readable at
// the helpers' calls.
package forward

import (
	"context"
	"database/sql"
	"log"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

type Repo struct{ db *sql.DB }

// exec forwards the text and arguments to the repository's pool.
func (r *Repo) exec(ctx context.Context, query string, args ...any) error {
	_, err := r.db.ExecContext(ctx, query, args...)
	if err != nil {
		log.Printf("exec %q: %v", query, err)
	}
	return err
}

// insert forwards to exec, which forwards to the pool.
func (r *Repo) insert(ctx context.Context, query string, args ...any) error {
	return r.exec(ctx, query, args...)
}

// run takes the handle it runs the text on.
func run(ctx context.Context, db *sql.DB, query string, args ...any) error {
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// rewritten changes the text it is given: not a forwarder.
func (r *Repo) rewritten(ctx context.Context, query string, args ...any) error {
	query = strings.ReplaceAll(query, "orders", "orders_archive")
	_, err := r.db.ExecContext(ctx, query, args...)
	return err
}

// logf has a forwarder's signature and runs no SQL.
func logf(format string, args ...any) { log.Printf(format, args...) }

var (
	repo *Repo
	pool *sql.DB
)

func CreateViaMethod(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler CreateViaMethod\)`
	repo.exec(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", id, 10)
}

func CreateViaChain(w http.ResponseWriter, r *http.Request) {
	repo.insert(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.New(), 10) // want `a retry inserts a second orders row with a new id`
}

func CreateViaFunc(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id`
	run(r.Context(), pool, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, 10)
}

// Negative: the helper rewrites the text, which is then not known.
func CreateRewritten(w http.ResponseWriter, r *http.Request) {
	repo.rewritten(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.New(), 10)
}

// Negative: a format string is no statement.
func Logged(w http.ResponseWriter, r *http.Request) {
	logf("INSERT INTO orders (id) VALUES (%s)", uuid.New())
}

// Negative: the caller's key is the row's identity, under a conflict
// clause.
func CreateKeyed(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	repo.exec(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", key, 10)
}

// SQL is an adapter's interface over the database: its methods take the
// text and the arguments, as database/sql's do.
type SQL interface {
	ExecuteContext(ctx context.Context, query string, args ...interface{}) error
}

// Option configures a command: Runner's variadic parameter is no list
// of statement arguments.
type Option func()

type Runner interface {
	ExecuteCommand(ctx context.Context, name string, opts ...Option) error
}

var (
	adapter SQL
	runner  Runner
)

func CreateViaAdapter(w http.ResponseWriter, r *http.Request) {
	adapter.ExecuteContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.New(), 10) // want `a retry inserts a second orders row with a new id`
}

// Negative: no statement.
func RunCommand(w http.ResponseWriter, r *http.Request) {
	runner.ExecuteCommand(r.Context(), "INSERT INTO orders (id) VALUES ($1)", func() { _ = uuid.New() })
}
