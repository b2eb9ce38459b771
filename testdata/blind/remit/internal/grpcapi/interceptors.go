package grpcapi

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/sendhome/remit/internal/auth"
	"github.com/sendhome/remit/internal/platform/ids"
)

const (
	mdAuthorization  = "authorization"
	mdRequestID      = "x-request-id"
	mdIdempotencyKey = "idempotency-key"
)

// agentMethods may only be called by agent principals; everything else is
// for customers.
var agentMethods = map[string]bool{
	"/" + serviceName + "/ConfirmPickup": true,
}

// AuthInterceptor resolves the bearer token and stores the principal.
func AuthInterceptor(v auth.Verifier) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		token := strings.TrimPrefix(first(md, mdAuthorization), "Bearer ")
		p, err := v.Verify(ctx, token)
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid or missing credentials")
		}
		want := "customer"
		if agentMethods[info.FullMethod] {
			want = "agent"
		}
		if p.Kind != want {
			return nil, status.Errorf(codes.PermissionDenied, "%s principals cannot call %s", p.Kind, info.FullMethod)
		}
		return handler(auth.WithPrincipal(ctx, p), req)
	}
}

// LoggingInterceptor logs every call with a request ID (taken from metadata
// or generated) and its outcome.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		reqID := first(md, mdRequestID)
		if reqID == "" {
			reqID = ids.Request()
		}
		_ = grpc.SetHeader(ctx, metadata.Pairs(mdRequestID, reqID))
		start := time.Now()
		resp, err := handler(ctx, req)
		attrs := []any{"method", info.FullMethod, "request_id", reqID, "code", status.Code(err).String(), "took", time.Since(start)}
		if err != nil && status.Code(err) == codes.Internal {
			log.Error("grpc call failed", append(attrs, "err", err)...)
		} else {
			log.Info("grpc call", attrs...)
		}
		return resp, err
	}
}

func first(md metadata.MD, key string) string {
	if v := md.Get(key); len(v) > 0 {
		return v[0]
	}
	return ""
}

// idempotencyKey returns the caller's idempotency key from incoming metadata.
func idempotencyKey(ctx context.Context) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	return strings.TrimSpace(first(md, mdIdempotencyKey))
}
