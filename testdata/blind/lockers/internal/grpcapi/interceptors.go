package grpcapi

import (
	"context"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

type principalKey struct{}

// Principal is the authenticated caller, set by the auth interceptor from
// the gateway's x-principal-* metadata.
type Principal struct {
	Kind string // courier, partner, recipient
	ID   string
}

func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// Auth trusts identity headers set by the edge gateway after it validated
// the caller's token.
func Auth() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		kind := first(md.Get("x-principal-kind"))
		id := first(md.Get("x-principal-id"))
		if kind == "" || id == "" {
			return nil, status.Error(codes.Unauthenticated, "missing principal")
		}
		want := expectedKind(info.FullMethod)
		if want != "" && want != kind {
			return nil, status.Error(codes.PermissionDenied, "principal not allowed for this service")
		}
		return handler(context.WithValue(ctx, principalKey{}, Principal{Kind: kind, ID: id}), req)
	}
}

func expectedKind(method string) string {
	switch {
	case strings.HasPrefix(method, "/locker.v1.CourierService/"):
		return "courier"
	case strings.HasPrefix(method, "/locker.v1.PartnerService/"):
		return "partner"
	case strings.HasPrefix(method, "/locker.v1.RecipientService/"):
		return "recipient"
	}
	return ""
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// Logging logs every call with its status code and latency.
func Logging(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.InfoContext(ctx, "rpc", "method", info.FullMethod, "code", status.Code(err).String(),
			"duration_ms", time.Since(start).Milliseconds())
		return resp, err
	}
}

// Recovery turns panics into Internal errors.
func Recovery(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(ctx, "panic in handler", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}
