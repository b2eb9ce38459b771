package httpx

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type accountKey struct{}

// Authenticate trusts the X-Account-ID header set by the edge gateway after
// it has verified the session token.
func Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get("X-Account-ID"))
		if err != nil {
			writeError(w, r, Unauthorized("missing account"))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), accountKey{}, id)))
	})
}

// Account returns the authenticated account id.
func Account(ctx context.Context) uuid.UUID {
	id, _ := ctx.Value(accountKey{}).(uuid.UUID)
	return id
}

// PathUUID parses a chi URL parameter as a UUID.
func PathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, BadRequest(name + " must be a UUID")
	}
	return id, nil
}
