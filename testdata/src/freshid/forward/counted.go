package forward

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// count forwards the text and arguments to the pool and returns the
// rows the statement affected.
func count(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := pool.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Negative: the claim's rows, counted by the helper, stop the retry
// before the entry is added.
func CloseCounted(w http.ResponseWriter, r *http.Request) {
	day := r.FormValue("day")
	n, err := count(r.Context(), "INSERT INTO closings (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", day)
	if err != nil || n == 0 {
		return
	}
	pool.ExecContext(r.Context(), "INSERT INTO closing_entries (id, day) VALUES ($1, $2)", uuid.NewString(), day)
}

// The same claim with its count dropped decides nothing.
func CloseUncounted(w http.ResponseWriter, r *http.Request) {
	day := r.FormValue("day")
	if _, err := count(r.Context(), "INSERT INTO closings (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", day); err != nil {
		return
	}
	pool.ExecContext(r.Context(), "INSERT INTO closing_entries (id, day) VALUES ($1, $2)", uuid.NewString(), day) // want `a retry inserts a second closing_entries row with a new id`
}

// Entry is a row bound by name.
type Entry struct {
	ID  string `db:"id"`
	Day string `db:"day"`
}

// execNamed binds the text's names from arg and runs it on x.
func execNamed(ctx context.Context, x sqlx.ExtContext, query string, arg any) (int64, error) {
	res, err := sqlx.NamedExecContext(ctx, x, query, arg)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

var xdb *sqlx.DB

// The entry's fresh ID, bound by name through the helper.
func AddNamed(w http.ResponseWriter, r *http.Request) {
	execNamed(r.Context(), xdb, "INSERT INTO closing_entries (id, day) VALUES (:id, :day)", &Entry{ID: uuid.NewString(), Day: r.FormValue("day")}) // want `a retry inserts a second closing_entries row with a new id`
}

// Negative: the entry's ID is the day the caller names.
func AddNamedDay(w http.ResponseWriter, r *http.Request) {
	day := r.FormValue("day")
	execNamed(r.Context(), xdb, "INSERT INTO closing_entries (id, day) VALUES (:id, :day) ON CONFLICT (id) DO NOTHING", &Entry{ID: day, Day: day})
}
