package httpapi

import (
	"context"
	"net/http"
	"strings"
)

type agentKey struct{}

// agentOnly admits requests that the internal gateway has stamped with an
// agent identity. Customer traffic never carries the header.
func agentOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agent := strings.TrimSpace(r.Header.Get("X-Agent-ID"))
		if agent == "" {
			writeJSON(w, http.StatusForbidden, errorBody{Error: "agent access only"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), agentKey{}, agent)))
	})
}

func agentFrom(ctx context.Context) string {
	a, _ := ctx.Value(agentKey{}).(string)
	return a
}
