package basic

import (
	"database/sql"
	"log"
	"net/http"

	"github.com/google/uuid"
)

// affected reads a result's rows affected, nil-safe.
func affected(res sql.Result) (int64, error) {
	if res == nil {
		return 0, nil
	}
	return res.RowsAffected()
}

// logResult logs that a statement ran.
func logResult(res sql.Result) {
	log.Printf("ran: %v", res != nil)
}

// Negative: the claim's rows affected, read by a helper, stop the retry
// before the entry is added.
func claimViaHelper(w http.ResponseWriter, r *http.Request) {
	day := r.FormValue("day")
	res, err := db.Exec("INSERT INTO closings (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", day)
	if err != nil {
		return
	}
	if n, _ := affected(res); n == 0 {
		return
	}
	db.Exec("INSERT INTO closing_entries (id, day) VALUES ($1, $2)", uuid.NewString(), day)
}

// A helper handed the claim's result that does not read its rows
// affected decides nothing: the retry adds a second entry.
func claimLogged(w http.ResponseWriter, r *http.Request) {
	day := r.FormValue("day")
	res, err := db.Exec("INSERT INTO closings (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", day)
	if err != nil {
		return
	}
	logResult(res)
	db.Exec("INSERT INTO closing_entries (id, day) VALUES ($1, $2)", uuid.NewString(), day) // want `a retry inserts a second closing_entries row with a new id`
}
