package grpcapi

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/learnloop/tutoring/internal/platform/reqctx"
)

// Metadata keys understood by the service.
const (
	MDIdempotencyKey = "idempotency-key"
	MDRequestID      = "x-request-id"
	MDStudentID      = "x-student-id" // set by the API gateway after auth
)

// MetadataInterceptor copies incoming metadata into the context.
func MetadataInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		flat := make(map[string]string, len(md))
		for k, v := range md {
			if len(v) > 0 {
				flat[strings.ToLower(k)] = v[0]
			}
		}
		ctx = reqctx.WithMetadata(ctx, flat)

		reqID := flat[MDRequestID]
		if reqID == "" {
			reqID = xid.New().String()
		}
		ctx = reqctx.WithRequestID(ctx, reqID)
		_ = grpc.SetHeader(ctx, metadata.Pairs(MDRequestID, reqID))

		if key := strings.TrimSpace(flat[MDIdempotencyKey]); key != "" {
			if len(key) > 200 {
				return nil, status.Error(codes.InvalidArgument, "idempotency-key too long")
			}
			ctx = reqctx.WithIdempotencyKey(ctx, key)
		}
		if sid := flat[MDStudentID]; sid != "" {
			id, err := uuid.Parse(sid)
			if err != nil {
				return nil, status.Error(codes.Unauthenticated, "bad student identity")
			}
			ctx = reqctx.WithStudent(ctx, id)
		}
		return handler(ctx, req)
	}
}

// LoggingInterceptor logs each call with its request ID.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.InfoContext(ctx, "grpc", "method", info.FullMethod, "request_id", reqctx.RequestID(ctx),
			"code", status.Code(err).String(), "dur", time.Since(start))
		return resp, err
	}
}
