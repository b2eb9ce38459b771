package basic

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

var db *sql.DB

func CreateOrder(w http.ResponseWriter, r *http.Request) {
	id := uuid.New() // want `a retry inserts a second orders row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler CreateOrder\)`
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", id, 10)
}

func CreateOrderString(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id`
	db.Exec("INSERT INTO orders (id, total) VALUES (?, ?)", id, 10)
}

func OrderNumber(w http.ResponseWriter, r *http.Request) {
	number := fmt.Sprintf("ord-%d", time.Now().UnixNano()) // want `a retry inserts a second orders row with a new order_number`
	db.Exec("INSERT INTO orders (order_number, total) VALUES ($1, $2)", number, 10)
}

// Negative: the fresh value only goes to a log and a timestamp column.
func LogOnly(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString()
	log.Printf("trace %s", trace)
	db.Exec("INSERT INTO events (name, created_at) VALUES ($1, $2)", r.URL.Path, time.Now())
}

// Negative: a fresh id stored with an operation key under a conflict clause.
func Absorbed(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	db.Exec("INSERT INTO payments (id, idempotency_key) VALUES ($1, $2) ON CONFLICT (idempotency_key) DO NOTHING", uuid.New(), key)
}

// Negative: not on a retried path.
func seed() {
	db.Exec("INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.New(), 0)
}

// Negative: the fresh value is only the fallback for callers that send no
// key (what the suggested fix writes).
func KeyedOrFresh(w http.ResponseWriter, r *http.Request) {
	id := func() uuid.UUID {
		if k := r.Header.Get("Idempotency-Key"); k != "" {
			return uuid.NewSHA1(uuid.NameSpaceOID, []byte(k+"|orders"))
		}
		return uuid.New()
	}()
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

// Negative: the fallback of a fix that derives the value from a key the
// handler passes down (a field of an input struct).
func KeyedInput(w http.ResponseWriter, r *http.Request) {
	placeKeyed(placeInput{Key: r.Header.Get("Idempotency-Key")})
}

type placeInput struct{ Key, Note string }

func placeKeyed(in placeInput) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", func() string {
		if k := in.Key; k != "" {
			return uuid.NewSHA1(uuid.NameSpaceOID, []byte(k+"|orders")).String()
		}
		return uuid.NewString()
	}())
}

// Positive: a fresh value on the empty side of a test of a value that
// nothing derives from is still made on every attempt.
func NotedInput(w http.ResponseWriter, r *http.Request) {
	placeNoted(placeInput{Note: r.FormValue("note")})
}

func placeNoted(in placeInput) {
	id := in.Note
	if in.Note == "" {
		id = uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler NotedInput\)`
	}
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

// Positive: the other side of the test derives nothing from a key
// handed down, only a value the request names: the fresh value is made
// on every attempt that names none.
func RefOrFresh(w http.ResponseWriter, r *http.Request) {
	ref := r.FormValue("ref")
	var id string
	if ref != "" {
		id = strings.ToLower(ref)
	} else {
		id = uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler RefOrFresh\)`
	}
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

// Negative: the same guard written as an if statement.
func KeyedOrFreshIf(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	var id string
	if key == "" {
		id = uuid.NewString()
	} else {
		id = uuid.NewSHA1(uuid.NameSpaceOID, []byte(key)).String()
	}
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

// An update that sets the status without testing it decides nothing: a
// retry updates the row again and adds a second entry.
func closePayout(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	res, err := db.Exec("UPDATE payouts SET status = 'closed' WHERE id = $1", id)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	db.Exec("INSERT INTO ledger_entries (id, payout_id) VALUES ($1, $2)", uuid.NewString(), id) // want `a retry inserts a second ledger_entries row with a new id`
}

// A test of a column that the update sets to a value the test still
// accepts decides nothing either: a retry updates the row again.
func reopenPayout(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	res, err := db.Exec("UPDATE payouts SET status = $2 WHERE id = $1 AND status <> 'closed'", id, r.FormValue("status"))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	addEntry(id)
}

func addEntry(payout string) {
	db.Exec("INSERT INTO ledger_entries (id, payout_id) VALUES ($1, $2)", uuid.NewString(), payout) // want `a retry inserts a second ledger_entries row with a new id`
}
