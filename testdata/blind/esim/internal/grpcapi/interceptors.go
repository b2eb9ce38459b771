// Package grpcapi exposes the platform's services over gRPC.
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

	"github.com/globetrek/esim-platform/internal/auth"
	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
)

const maxKeyLen = 128

// keyRequired lists the methods that refuse a call without an idempotency key.
var keyRequired = map[string]bool{
	esimv1.OrderService_PurchasePlan_FullMethodName:  true,
	esimv1.EsimService_ReissueProfile_FullMethodName: true,
}

// roles lists which roles may call each service; methods not listed here are
// open to any authenticated principal.
var roles = map[string][]string{
	"/esim.v1.ResellerService/":                             {auth.RoleReseller, auth.RoleSupport},
	esimv1.ResellerService_RegisterReseller_FullMethodName:  {auth.RoleSupport},
	esimv1.ResellerService_SettleCommissions_FullMethodName: {auth.RoleSupport},
}

// Recover turns panics into Internal errors.
func Recover(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(ctx, "panic in handler", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return next(ctx, req)
	}
}

// Logging records each call with its duration and status code.
func Logging(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := next(ctx, req)
		log.InfoContext(ctx, "rpc", "method", info.FullMethod, "code", status.Code(err).String(), "duration", time.Since(start))
		return resp, err
	}
}

// Auth resolves the bearer token into a principal and enforces service roles.
func Auth(v auth.Verifier) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		token := first(md, "authorization")
		token = strings.TrimPrefix(token, "Bearer ")
		if token == "" {
			return nil, status.Error(codes.Unauthenticated, "missing bearer token")
		}
		p, err := v.Verify(ctx, token)
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid token")
		}
		if !allowed(info.FullMethod, p.Role) {
			return nil, status.Error(codes.PermissionDenied, "role not allowed")
		}
		return next(auth.WithPrincipal(ctx, p), req)
	}
}

func allowed(method, role string) bool {
	want, ok := roles[method]
	if !ok {
		svc := method[:strings.LastIndex(method, "/")+1]
		want, ok = roles[svc]
	}
	if !ok {
		return true
	}
	for _, r := range want {
		if r == role {
			return true
		}
	}
	return false
}

// Idempotency copies the idempotency-key metadata into the context.
func Idempotency() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		key := strings.TrimSpace(first(md, idem.MetadataKey))
		if len(key) > maxKeyLen {
			return nil, status.Errorf(codes.InvalidArgument, "%s longer than %d characters", idem.MetadataKey, maxKeyLen)
		}
		if key == "" && keyRequired[info.FullMethod] {
			return nil, status.Errorf(codes.InvalidArgument, "%s metadata is required", idem.MetadataKey)
		}
		if key != "" {
			ctx = idem.WithKey(ctx, key)
		}
		return next(ctx, req)
	}
}

func first(md metadata.MD, k string) string {
	if v := md.Get(k); len(v) > 0 {
		return v[0]
	}
	return ""
}
