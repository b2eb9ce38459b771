package rpc

import (
	"context"
	"encoding/json"
	"log/slog"

	"google.golang.org/grpc"
)

// ReplayStore keeps the responses of keyed calls.
type ReplayStore interface {
	GetReplay(ctx context.Context, method, requestKey string) ([]byte, error)
	SaveReplay(ctx context.Context, method, requestKey string, response []byte) error
}

// ReplayOptions lists the methods whose successful responses are replayed
// when the client sends the same x-request-key again.
type ReplayOptions struct {
	Methods map[string]bool
	Log     *slog.Logger
}

// DefaultReplayMethods are the non-idempotent calls without a natural key
// of their own.
func DefaultReplayMethods() map[string]bool {
	return map[string]bool{
		FullMethod("AddExtra"): true,
	}
}

// ReplayInterceptor answers a repeated keyed call with the stored response.
// Responses are kept as JSON, which the json codec writes back verbatim.
func ReplayInterceptor(store ReplayStore, opts ReplayOptions) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if !opts.Methods[info.FullMethod] {
			return handler(ctx, req)
		}
		key := requestKey(ctx)
		if key == "" {
			return handler(ctx, req)
		}

		if cached, err := store.GetReplay(ctx, info.FullMethod, key); err == nil {
			return json.RawMessage(cached), nil
		}

		resp, err := handler(ctx, req)
		if err != nil {
			return nil, err
		}
		raw, merr := json.Marshal(resp)
		if merr != nil {
			return resp, nil
		}
		if serr := store.SaveReplay(ctx, info.FullMethod, key, raw); serr != nil {
			opts.Log.WarnContext(ctx, "could not store replay", "method", info.FullMethod, "err", serr)
		}
		return resp, nil
	}
}
