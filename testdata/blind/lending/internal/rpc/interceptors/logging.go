// Package interceptors holds the Connect interceptors for the public API.
package interceptors

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/ids"
)

type requestIDKey struct{}

// RequestID returns the correlation ID assigned to the current call.
func RequestID(ctx context.Context) string {
	s, _ := ctx.Value(requestIDKey{}).(string)
	return s
}

// NewLogging logs each unary call with a correlation ID, which is also
// returned to the caller in the X-Request-Id response header.
func NewLogging(log *zap.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			reqID := req.Header().Get("X-Request-Id")
			if reqID == "" {
				reqID = ids.Short()
			}
			ctx = context.WithValue(ctx, requestIDKey{}, reqID)
			start := time.Now()
			resp, err := next(ctx, req)
			fields := []zap.Field{
				zap.String("procedure", req.Spec().Procedure),
				zap.String("request_id", reqID),
				zap.Duration("elapsed", time.Since(start)),
			}
			if err != nil {
				var ce *connect.Error
				if errors.As(err, &ce) {
					fields = append(fields, zap.String("code", ce.Code().String()))
				}
				log.Warn("rpc failed", append(fields, zap.Error(err))...)
				return nil, err
			}
			resp.Header().Set("X-Request-Id", reqID)
			log.Info("rpc", fields...)
			return resp, nil
		}
	}
}
