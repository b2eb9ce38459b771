package httpadapter

import (
	"context"
	"net/http"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/core/services"
)

type ctxKey int

const (
	actorKey ctxKey = iota
	idemKey
)

// Authenticate reads the identity headers set by the API gateway after it
// has verified the session token.
func Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := domain.Actor{
			ID:   r.Header.Get("X-Actor-ID"),
			Role: domain.Role(r.Header.Get("X-Actor-Role")),
		}
		if a.IsZero() {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		ctx := context.WithValue(r.Context(), actorKey, a)
		if k := r.Header.Get("Idempotency-Key"); k != "" {
			ctx = context.WithValue(ctx, idemKey, k)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func RequireRole(role domain.Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ActorFrom(r.Context()).Role != role {
				writeJSON(w, http.StatusForbidden, errorBody{Error: "forbidden"})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func ActorFrom(ctx context.Context) domain.Actor {
	a, _ := ctx.Value(actorKey).(domain.Actor)
	return a
}

func IdempotencyKeyFrom(ctx context.Context) string {
	k, _ := ctx.Value(idemKey).(string)
	return k
}

// callOpts turns the request context into use-case options.
func callOpts(ctx context.Context, extra ...ports.Option) []ports.Option {
	opts := []ports.Option{services.WithActor(ActorFrom(ctx))}
	if k := IdempotencyKeyFrom(ctx); k != "" {
		opts = append(opts, services.WithIdempotencyKey(k))
	}
	return append(opts, extra...)
}
