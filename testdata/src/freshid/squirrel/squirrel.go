// Package squirrel builds its statements with squirrel and runs the text
// on pgx's pool.
package squirrel

import (
	"context"
	"database/sql"
	"net/http"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	ID, Title string
}

type Repo struct {
	Builder sq.StatementBuilderType
	Pool    *pgxpool.Pool
}

// Store inserts a task under the ID it is given.
func (r *Repo) Store(ctx context.Context, t *Task) error {
	sql, args, err := r.Builder.
		Insert("tasks").
		Columns("id, title").
		Values(t.ID, t.Title).
		ToSql()
	if err != nil {
		return err
	}
	_, err = r.Pool.Exec(ctx, sql, args...)
	return err
}

// StoreKeyed inserts under a fresh ID and the caller's key, whose
// conflict clause absorbs a retry.
func (r *Repo) StoreKeyed(ctx context.Context, key, title string) error {
	sql, args, err := r.Builder.
		Insert("tasks").
		Columns("id", "idempotency_key", "title").
		Values(uuid.NewString(), key, title).
		Suffix("ON CONFLICT (idempotency_key) DO NOTHING").
		ToSql()
	if err != nil {
		return err
	}
	_, err = r.Pool.Exec(ctx, sql, args...)
	return err
}

var repo *Repo

func CreateTask(w http.ResponseWriter, r *http.Request) {
	t := &Task{ID: uuid.NewString(), Title: r.FormValue("title")} // want `a retry inserts a second tasks row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler CreateTask\)`
	repo.Store(r.Context(), t)
}

func CreateInline(w http.ResponseWriter, r *http.Request) {
	sql, args, _ := sq.Insert("tasks").Columns("id", "title").Values(uuid.New(), "a").ToSql() // want `a retry inserts a second tasks row with a new id`
	repo.Pool.Exec(r.Context(), sql, args...)
}

// Negative: the caller's key absorbs the retry.
func CreateKeyed(w http.ResponseWriter, r *http.Request) {
	repo.StoreKeyed(r.Context(), r.Header.Get("Idempotency-Key"), "a")
}

// Negative: a fresh value in a column that is no identity.
func Rename(w http.ResponseWriter, r *http.Request) {
	sql, args, _ := sq.Update("tasks").Set("title", uuid.NewString()).Where(sq.Eq{"id": r.FormValue("id")}).ToSql()
	repo.Pool.Exec(r.Context(), sql, args...)
}

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Store runs the statements it builds on its database.
type Store struct{ db *sql.DB }

var store *Store

// insert begins every insert of the store on its database.
func (s *Store) insert(table string) sq.InsertBuilder {
	return psql.Insert(table).RunWith(s.db)
}

// Add inserts a task under the ID it is given.
func (s *Store) Add(ctx context.Context, t *Task) error {
	_, err := s.insert("tasks").Columns("id", "title").Values(t.ID, t.Title).ExecContext(ctx)
	return err
}

// row begins an insert its caller finishes.
func (s *Store) row(id, key string) sq.InsertBuilder {
	return s.insert("tasks").Columns("id", "idempotency_key").Values(id, key)
}

// AddKeyed inserts under a fresh ID and the caller's key; the conflict
// clause its caller adds to the row absorbs a retry.
func (s *Store) AddKeyed(ctx context.Context, key string) error {
	_, err := s.row(uuid.NewString(), key).Suffix("ON CONFLICT (idempotency_key) DO NOTHING").ExecContext(ctx)
	return err
}

func AddTask(w http.ResponseWriter, r *http.Request) {
	t := &Task{ID: uuid.NewString(), Title: r.FormValue("title")} // want `a retry inserts a second tasks row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler AddTask\)`
	store.Add(r.Context(), t)
}

// Negative: the caller's key absorbs the retry.
func AddKeyed(w http.ResponseWriter, r *http.Request) {
	store.AddKeyed(r.Context(), r.Header.Get("Idempotency-Key"))
}

// Negative: a fresh value in a column that is no identity, in a
// statement the builder runs.
func Retitle(w http.ResponseWriter, r *http.Request) {
	psql.Update("tasks").Set("title", uuid.NewString()).Where("id = ?", r.FormValue("id")).RunWith(store.db).ExecContext(r.Context())
}

// loopy never returns a chain: reading it back stops.
func loopy(table string) sq.InsertBuilder { return loopy(table) }

// Negative: a chain that cannot be read back is no statement.
func AddLoopy(w http.ResponseWriter, r *http.Request) {
	loopy("tasks").Columns("id").Values(uuid.NewString()).ExecContext(r.Context())
}
