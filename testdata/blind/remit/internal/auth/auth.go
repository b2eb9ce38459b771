// Package auth resolves bearer tokens to principals.
package auth

import (
	"context"
	"errors"
	"strings"

	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/internal/domain"
)

var ErrUnauthenticated = errors.New("auth: unauthenticated")

// Verifier resolves an opaque access token.
type Verifier interface {
	Verify(ctx context.Context, token string) (domain.Principal, error)
}

type redisVerifier struct{ rdb *redis.Client }

// NewVerifier looks tokens up in the session cache written by the identity service.
func NewVerifier(rdb *redis.Client) Verifier { return &redisVerifier{rdb: rdb} }

func (v *redisVerifier) Verify(ctx context.Context, token string) (domain.Principal, error) {
	if token == "" {
		return domain.Principal{}, ErrUnauthenticated
	}
	val, err := v.rdb.Get(ctx, "session:"+token).Result()
	if errors.Is(err, redis.Nil) {
		return domain.Principal{}, ErrUnauthenticated
	}
	if err != nil {
		return domain.Principal{}, err
	}
	kind, subject, ok := strings.Cut(val, ":")
	if !ok || subject == "" {
		return domain.Principal{}, ErrUnauthenticated
	}
	return domain.Principal{Kind: kind, Subject: subject}, nil
}

type ctxKey struct{}

func WithPrincipal(ctx context.Context, p domain.Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

func FromContext(ctx context.Context) (domain.Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(domain.Principal)
	return p, ok
}
