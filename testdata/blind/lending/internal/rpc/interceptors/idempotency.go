package interceptors

import (
	"context"
	"errors"
	"strings"

	"connectrpc.com/connect"
)

const IdempotencyHeader = "Idempotency-Key"

type idemKey struct{}

// IdempotencyKey returns the caller's Idempotency-Key for the current call,
// or "" when none was sent.
func IdempotencyKey(ctx context.Context) string {
	s, _ := ctx.Value(idemKey{}).(string)
	return s
}

// NewIdempotency copies the Idempotency-Key request header into the context.
// Calls to the procedures listed in required are rejected without one.
func NewIdempotency(required ...string) connect.UnaryInterceptorFunc {
	must := make(map[string]bool, len(required))
	for _, p := range required {
		must[p] = true
	}
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			key := strings.TrimSpace(req.Header().Get(IdempotencyHeader))
			if key == "" && must[req.Spec().Procedure] {
				return nil, connect.NewError(connect.CodeInvalidArgument, errors.New("missing Idempotency-Key header"))
			}
			if len(key) > 200 {
				return nil, connect.NewError(connect.CodeInvalidArgument, errors.New("Idempotency-Key too long"))
			}
			if key != "" {
				ctx = context.WithValue(ctx, idemKey{}, key)
			}
			return next(ctx, req)
		}
	}
}
