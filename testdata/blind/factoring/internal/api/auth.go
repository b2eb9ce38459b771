package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

type ctxKey int

const (
	supplierKey ctxKey = iota
	operatorKey
)

// supplierAuth resolves the calling supplier. Requests arrive through the
// API gateway, which validates the supplier's token and forwards its subject.
func supplierAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get("X-Auth-Supplier"))
		if err != nil {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), supplierKey, id)))
	})
}

// operatorAuth admits back-office staff authenticated by the gateway.
func operatorAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := r.Header.Get("X-Auth-Operator")
		if op == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), operatorKey, op)))
	})
}

func supplierFrom(ctx context.Context) uuid.UUID {
	id, _ := ctx.Value(supplierKey).(uuid.UUID)
	return id
}

func operatorFrom(ctx context.Context) string {
	op, _ := ctx.Value(operatorKey).(string)
	return op
}
