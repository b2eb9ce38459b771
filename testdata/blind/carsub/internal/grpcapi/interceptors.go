package grpcapi

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/reqctx"
)

// MetadataIdempotencyKey is the metadata key clients put their request key in.
const MetadataIdempotencyKey = "idempotency-key"

func firstMD(md metadata.MD, key string) string {
	if vs := md.Get(key); len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// RequestContext copies idempotency key, caller and request id from the
// incoming metadata into the context.
func RequestContext() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		if key := firstMD(md, MetadataIdempotencyKey); key != "" {
			if len(key) > 200 {
				return nil, status.Error(codes.InvalidArgument, "idempotency-key too long")
			}
			ctx = reqctx.WithIdempotencyKey(ctx, key)
		}
		if caller := firstMD(md, "x-caller"); caller != "" {
			ctx = reqctx.WithActor(ctx, caller)
		}
		if rid := firstMD(md, "x-request-id"); rid != "" {
			ctx = reqctx.WithRequestID(ctx, rid)
		}
		return handler(ctx, req)
	}
}

// Logging logs every call with its outcome.
func Logging(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.Info("grpc",
			"method", info.FullMethod,
			"code", status.Code(err).String(),
			"duration_ms", time.Since(start).Milliseconds(),
			"request_id", reqctx.RequestID(ctx),
		)
		return resp, err
	}
}

// Recover turns panics into Internal errors.
func Recover(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic in handler", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

// toStatus maps domain errors onto gRPC codes.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok && status.Code(err) != codes.Unknown {
		return err
	}
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidArgument):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrIdempotencyKeyRequired):
		return status.Error(codes.InvalidArgument, "idempotency-key metadata is required")
	case errors.Is(err, domain.ErrInvalidState):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrConflict):
		return status.Error(codes.AlreadyExists, err.Error())
	case errors.Is(err, domain.ErrPaymentDeclined):
		return status.Error(codes.FailedPrecondition, "payment declined")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	}
	return status.Error(codes.Internal, "internal error")
}
