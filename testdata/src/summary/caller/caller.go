// want package:`^fieldtypes\(arg summary/store\.New#0=database/sql\.DB\)$`

// Package caller's summaries hold what the functions of store that it
// calls do, read from their facts: summaries are transitively closed.
package caller

import (
	"context"
	"database/sql"
	"net/http"

	"summary/store"
)

// Checkout leads to store.CreateOrder's defect and statement.
func Checkout(ctx context.Context, db *sql.DB) error { // want Checkout:`^summary\(defects=\[fresh uuid\.NewString->orders\.id\] stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=-\]\)$`
	return store.CreateOrder(ctx, db)
}

// Pay runs MarkPaid on the queries its caller's handle builds: the
// statement runs on a pool, read from New's result fields. The write
// stays unknown, as MarkPaid's is: the checks decide a write's unit at
// the call from the statements (effects.DecideUnit).
func Pay(ctx context.Context, db *sql.DB, id string) error { // want Pay:`^summary\(writes=\[p2->orders\] stmts=\["UPDATE orders SET paid = true WHERE id = \$1" on pool args=p2\]\)$`
	return store.New(db).MarkPaid(ctx, id)
}

// Reserve inserts the fresh value of a function of store.
func Reserve(ctx context.Context, db *sql.DB) error { // want Reserve:`^summary\(defects=\[fresh store\.NewID->orders\.id\] stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=-\]\)$`
	return store.InsertOrder(ctx, db, store.NewID())
}

var db *sql.DB

// Create is an HTTP handler: the functions it reaches run on a retried
// path.
func Create(w http.ResponseWriter, r *http.Request) { // want Create:`^summary\(stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=-\] retried\)$`
	Save(r.Context(), db, r.URL.Query().Get("id"))
}

// Save is reached from Create.
func Save(ctx context.Context, db *sql.DB, id string) error { // want Save:`^summary\(paramSinks=\[p2->orders\.id\] writes=\[p2->orders durable\] stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=p2\] retried\)$`
	return store.InsertOrder(ctx, db, id)
}
