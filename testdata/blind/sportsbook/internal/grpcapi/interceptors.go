// Package grpcapi implements the player-facing gRPC services.
package grpcapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

type ctxKey int

const playerKey ctxKey = iota

// PlayerID returns the authenticated player.
func PlayerID(ctx context.Context) string {
	id, _ := ctx.Value(playerKey).(string)
	return id
}

// WithPlayer stores the authenticated player in ctx.
func WithPlayer(ctx context.Context, playerID string) context.Context {
	return context.WithValue(ctx, playerKey, playerID)
}

// TokenVerifier resolves a bearer token to a player id.
type TokenVerifier interface {
	Verify(token string) (playerID string, ok bool)
}

// HMACTokens verifies session tokens of the form "<player>.<expiry>.<sig>"
// issued by the account service.
type HMACTokens struct {
	Secret []byte
	Now    func() time.Time
}

// Verify implements TokenVerifier.
func (t HMACTokens) Verify(token string) (string, bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", false
	}
	mac := hmac.New(sha256.New, t.Secret)
	mac.Write([]byte(parts[0] + "." + parts[1]))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(parts[2])) {
		return "", false
	}
	exp, err := time.Parse("20060102T150405Z", parts[1])
	if err != nil {
		return "", false
	}
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	if now().After(exp) {
		return "", false
	}
	return parts[0], true
}

// Auth rejects calls without a valid bearer token. Health checks and
// reflection are let through.
func Auth(v TokenVerifier) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if strings.HasPrefix(info.FullMethod, "/grpc.health.") {
			return handler(ctx, req)
		}
		md, _ := metadata.FromIncomingContext(ctx)
		vals := md.Get("authorization")
		if len(vals) == 0 || !strings.HasPrefix(vals[0], "Bearer ") {
			return nil, status.Error(codes.Unauthenticated, "missing bearer token")
		}
		player, ok := v.Verify(strings.TrimPrefix(vals[0], "Bearer "))
		if !ok {
			return nil, status.Error(codes.Unauthenticated, "invalid token")
		}
		return handler(WithPlayer(ctx, player), req)
	}
}

// Logging logs each call with its duration and status code.
func Logging(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		code := status.Code(err)
		lvl := slog.LevelInfo
		if code != codes.OK && code != codes.InvalidArgument && code != codes.FailedPrecondition {
			lvl = slog.LevelWarn
		}
		log.Log(ctx, lvl, "grpc call", "method", info.FullMethod, "player", PlayerID(ctx),
			"code", code.String(), "took", time.Since(start), "err", err)
		return resp, err
	}
}

// Recovery turns panics into Internal errors.
func Recovery(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if p := recover(); p != nil {
				log.Error("panic in grpc handler", "method", info.FullMethod, "panic", p, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}
