package interceptors

import (
	"context"
	"errors"

	"connectrpc.com/connect"
)

type customerKey struct{}

// CustomerID returns the authenticated customer for the call.
func CustomerID(ctx context.Context) string {
	s, _ := ctx.Value(customerKey{}).(string)
	return s
}

// NewAuth trusts the X-Customer-Id header set by the API gateway after it
// validated the customer's session token.
func NewAuth() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			id := req.Header().Get("X-Customer-Id")
			if id == "" {
				return nil, connect.NewError(connect.CodeUnauthenticated, errors.New("no customer"))
			}
			return next(context.WithValue(ctx, customerKey{}, id), req)
		}
	}
}
