package httpx

import (
	"context"
	"net/http"
	"strings"
)

type memberKey struct{}

// MemberFrom returns the authenticated member id placed in ctx by the
// gateway middleware.
func MemberFrom(ctx context.Context) string {
	id, _ := ctx.Value(memberKey{}).(string)
	return id
}

// GatewayIdentity trusts the X-Member-Id header set by the API gateway after
// it has validated the session token. Requests without it are rejected.
func GatewayIdentity(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimSpace(r.Header.Get("X-Member-Id"))
		if id == "" {
			JSON(w, http.StatusUnauthorized, errorBody{Error: "missing member identity"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), memberKey{}, id)))
	})
}
