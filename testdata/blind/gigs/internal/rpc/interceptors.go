package rpc

import (
	"context"
	"log/slog"
	"time"

	"connectrpc.com/connect"
)

// LoggingInterceptor logs every unary call with its procedure, duration and
// resulting code.
func LoggingInterceptor(log *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			start := time.Now()
			res, err := next(ctx, req)
			code := "ok"
			if err != nil {
				code = connect.CodeOf(err).String()
			}
			log.InfoContext(ctx, "rpc",
				"procedure", req.Spec().Procedure,
				"peer", req.Peer().Addr,
				"code", code,
				"duration", time.Since(start))
			return res, err
		}
	}
}
