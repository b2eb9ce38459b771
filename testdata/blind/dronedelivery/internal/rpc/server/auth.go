// Package server implements the skyhop.dispatch.v1 gRPC services on top of the
// command handlers.
package server

import (
	"context"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Role is the kind of caller.
type Role string

const (
	RoleMerchant Role = "merchant"
	RoleDrone    Role = "drone"
	RoleDepot    Role = "depot"
	RoleDispatch Role = "dispatch"
)

// Principal is the authenticated caller.
type Principal struct {
	Role       Role
	MerchantID uuid.UUID
	Name       string
}

type principalKey struct{}

// PrincipalFrom returns the caller attached by the auth interceptor.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// TokenVerifier resolves a bearer token to a principal.
type TokenVerifier func(ctx context.Context, token string) (Principal, error)

// AuthInterceptor authenticates every call and enforces which roles may call
// which service.
func AuthInterceptor(verify TokenVerifier, allowed map[string][]Role) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		auth := md.Get("authorization")
		if len(auth) == 0 || !strings.HasPrefix(auth[0], "Bearer ") {
			return nil, status.Error(codes.Unauthenticated, "missing bearer token")
		}
		p, err := verify(ctx, strings.TrimPrefix(auth[0], "Bearer "))
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid token")
		}
		service := info.FullMethod
		if i := strings.LastIndex(service, "/"); i > 0 {
			service = service[1:i]
		}
		if roles, ok := allowed[service]; ok && !hasRole(roles, p.Role) {
			return nil, status.Errorf(codes.PermissionDenied, "%s may not call %s", p.Role, service)
		}
		return handler(context.WithValue(ctx, principalKey{}, p), req)
	}
}

func hasRole(roles []Role, r Role) bool {
	for _, x := range roles {
		if x == r {
			return true
		}
	}
	return false
}

// RecoveryInterceptor turns handler panics into Internal errors.
func RecoveryInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
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

// AccessLogInterceptor logs and counts every RPC.
func AccessLogInterceptor(log *slog.Logger, m metrics.Recorder) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		code := status.Code(err)
		m.Inc("grpc_requests_total", info.FullMethod, code.String())
		m.Observe("grpc_latency", time.Since(start), info.FullMethod)
		log.InfoContext(ctx, "rpc", "method", info.FullMethod, "code", code.String(), "elapsed", time.Since(start))
		return resp, err
	}
}
