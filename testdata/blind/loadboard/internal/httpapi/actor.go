package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/rs/xid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
)

// Role of the authenticated caller. The API gateway authenticates the
// session and forwards the identity in X-Actor-* headers.
type Role string

const (
	RoleShipper Role = "shipper"
	RoleCarrier Role = "carrier"
	RoleBroker  Role = "broker"
)

// Actor is the authenticated caller.
type Actor struct {
	ID        string
	Role      Role
	AccountID string // shipper or carrier account the user belongs to
}

type actorKey struct{}

// withActor reads the gateway identity headers.
func withActor(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := Actor{
			ID:        r.Header.Get("X-Actor-Id"),
			Role:      Role(strings.ToLower(r.Header.Get("X-Actor-Role"))),
			AccountID: r.Header.Get("X-Actor-Account"),
		}
		ctx := context.WithValue(r.Context(), actorKey{}, a)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// withCorrelation propagates or mints a correlation ID for logs and events.
func withCorrelation(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cid := r.Header.Get("X-Correlation-Id")
		if cid == "" {
			cid = xid.New().String()
		}
		w.Header().Set("X-Correlation-Id", cid)
		next.ServeHTTP(w, r.WithContext(events.WithCorrelationID(r.Context(), cid)))
	})
}

// requireRole returns the actor if it has one of the roles.
func requireRole(r *http.Request, roles ...Role) (Actor, error) {
	a, _ := r.Context().Value(actorKey{}).(Actor)
	if a.ID == "" || a.AccountID == "" {
		return a, errUnauthenticated
	}
	for _, role := range roles {
		if a.Role == role {
			return a, nil
		}
	}
	return a, errForbiddenRole
}

var errForbiddenRole = domain.ErrForbidden
