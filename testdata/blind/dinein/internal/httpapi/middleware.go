package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

type ctxKey int

const (
	ctxCustomer ctxKey = iota
	ctxRestaurant
	ctxAgent
)

// The edge gateway authenticates callers and forwards their identity in
// these headers.
const (
	headerCustomer   = "X-Dinein-Customer"
	headerRestaurant = "X-Dinein-Restaurant"
	headerAgent      = "X-Dinein-Agent"
	headerIdemKey    = "Idempotency-Key"
)

func requireUUIDHeader(header string, key ctxKey) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(r.Header.Get(header))
			if err != nil {
				writeJSON(w, http.StatusUnauthorized, apiError{Code: "unauthenticated", Message: "missing " + header})
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), key, id)))
		})
	}
}

func requireAgent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agent := strings.TrimSpace(r.Header.Get(headerAgent))
		if agent == "" {
			writeJSON(w, http.StatusUnauthorized, apiError{Code: "unauthenticated", Message: "missing " + headerAgent})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxAgent, agent)))
	})
}

func customerID(r *http.Request) uuid.UUID {
	v, _ := r.Context().Value(ctxCustomer).(uuid.UUID)
	return v
}
func restaurantID(r *http.Request) uuid.UUID {
	v, _ := r.Context().Value(ctxRestaurant).(uuid.UUID)
	return v
}
func agentID(r *http.Request) string { v, _ := r.Context().Value(ctxAgent).(string); return v }

func idempotencyKey(r *http.Request) string {
	return strings.TrimSpace(r.Header.Get(headerIdemKey))
}

// sameRestaurant rejects restaurant routes whose path does not match the
// caller's restaurant.
func sameRestaurant(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathUUID(r, "restaurantID")
		if err != nil {
			writeError(w, err)
			return
		}
		if id != restaurantID(r) {
			writeJSON(w, http.StatusForbidden, apiError{Code: "forbidden", Message: "wrong restaurant"})
			return
		}
		next.ServeHTTP(w, r)
	})
}
