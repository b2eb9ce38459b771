// Package ctxaccess holds handlers whose helpers have only a context,
// into which the package's middleware put the request's Idempotency-Key
// header: the package's own accessor reads it there.
package ctxaccess

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

var db *sql.DB

type keyCtx struct{}

type attemptCtx struct{}

// Keys puts the request's key, and an ID of the attempt, in its context.
func Keys(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), keyCtx{}, strings.TrimSpace(r.Header.Get("Idempotency-Key")))
		ctx = context.WithValue(ctx, attemptCtx{}, uuid.NewString())
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// KeyFrom returns the key Keys put in ctx, or "".
func KeyFrom(ctx context.Context) string {
	k, _ := ctx.Value(keyCtx{}).(string)
	return k
}

// Attempt returns the ID of the attempt: new on each, no key.
func Attempt(ctx context.Context) string {
	a, _ := ctx.Value(attemptCtx{}).(string)
	return a
}

func placeOrder(w http.ResponseWriter, r *http.Request) {
	insertOrder(r.Context(), r.FormValue("sku"))
}

func insertOrder(ctx context.Context, sku string) {
	db.ExecContext(ctx, "INSERT INTO orders (id, sku) VALUES ($1, $2)", uuid.NewString(), sku) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler placeOrder\)`
}

// placeTwice inserts two lines through one helper: one key would give
// both one ID.
func placeTwice(w http.ResponseWriter, r *http.Request) {
	insertLine(r.Context(), "a")
	insertLine(r.Context(), "b")
}

func insertLine(ctx context.Context, sku string) {
	db.ExecContext(ctx, "INSERT INTO lines (id, sku) VALUES ($1, $2)", uuid.NewString(), sku) // want `a retry inserts a second lines row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler placeTwice\); derive it from the request's Idempotency-Key header, passed down to where it is made`
}

// placeEach inserts one item per SKU.
func placeEach(w http.ResponseWriter, r *http.Request) {
	for _, sku := range r.Form["sku"] {
		insertItem(r.Context(), sku)
	}
}

func insertItem(ctx context.Context, sku string) {
	db.ExecContext(ctx, "INSERT INTO items (id, sku) VALUES ($1, $2)", uuid.NewString(), sku) // want `a retry inserts a second items row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler placeEach\); derive it from the request's Idempotency-Key header, passed down to where it is made`
}

// refund's helper makes the ID in a transaction's callback, which runs
// once.
func refund(w http.ResponseWriter, r *http.Request) {
	recordRefund(r.Context(), r.FormValue("order"))
}

func recordRefund(ctx context.Context, order string) error {
	return withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO refunds (id, order_id) VALUES ($1, $2)", uuid.NewString(), order) // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler refund\)`
		return err
	})
}

func withTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func routes() {
	http.Handle("/orders", Keys(http.HandlerFunc(placeOrder)))
	http.Handle("/twice", Keys(http.HandlerFunc(placeTwice)))
	http.Handle("/each", Keys(http.HandlerFunc(placeEach)))
	http.Handle("/refunds", Keys(http.HandlerFunc(refund)))
}
