package grpcx

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

type staffKey struct{}

// Staff identifies the authenticated centre employee behind a call.
type Staff struct {
	ID       string
	CentreID string
	Role     string
}

// StaffFrom returns the staff member attached by the auth interceptor.
func StaffFrom(ctx context.Context) (Staff, bool) {
	s, ok := ctx.Value(staffKey{}).(Staff)
	return s, ok
}

// WithStaff attaches s to ctx. Exposed for tests and internal callers.
func WithStaff(ctx context.Context, s Staff) context.Context {
	return context.WithValue(ctx, staffKey{}, s)
}

// TokenVerifier validates a bearer token issued by the staff SSO and
// returns the staff identity it carries.
type TokenVerifier interface {
	Verify(ctx context.Context, token string) (Staff, error)
}

// AuthInterceptor resolves the bearer token in the authorization metadata
// into a Staff identity. Methods listed in public skip authentication.
func AuthInterceptor(v TokenVerifier, public map[string]bool) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if public[info.FullMethod] {
			return handler(ctx, req)
		}
		md, _ := metadata.FromIncomingContext(ctx)
		vals := md.Get("authorization")
		if len(vals) == 0 || !strings.HasPrefix(vals[0], "Bearer ") {
			return nil, status.Error(codes.Unauthenticated, "missing bearer token")
		}
		staff, err := v.Verify(ctx, strings.TrimPrefix(vals[0], "Bearer "))
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid token")
		}
		return handler(WithStaff(ctx, staff), req)
	}
}

// LoggingInterceptor logs each call with its duration and status code.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		code := status.Code(err)
		lvl := slog.LevelInfo
		if code == codes.Internal || code == codes.Unknown {
			lvl = slog.LevelError
		}
		log.Log(ctx, lvl, "grpc call", "method", info.FullMethod, "code", code.String(), "duration", time.Since(start), "err", err)
		return resp, err
	}
}

// RecoveryInterceptor converts panics into Internal errors.
func RecoveryInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("grpc panic", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

// ErrorInterceptor maps domain errors returned by handlers to statuses so
// handlers can return service errors unchanged.
func ErrorInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		if err != nil {
			return nil, ToStatus(err)
		}
		return resp, nil
	}
}

// MetadataValue returns the first value of key in the incoming metadata.
func MetadataValue(ctx context.Context, key string) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	if v := md.Get(key); len(v) > 0 {
		return v[0]
	}
	return ""
}
