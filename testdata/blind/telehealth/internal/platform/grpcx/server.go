package grpcx

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
)

// Metadata keys read by the handlers.
const (
	MDIdempotencyKey = "idempotency-key"
	MDActor          = "x-actor"
	MDTraceID        = "x-trace-id"
)

// NewServer builds a gRPC server with the standard interceptor chain.
func NewServer(log *slog.Logger, extra ...grpc.ServerOption) *grpc.Server {
	opts := append([]grpc.ServerOption{
		grpc.ForceServerCodec(Codec()),
		grpc.ChainUnaryInterceptor(recoverer(log), logger(log), statusMapper()),
	}, extra...)
	return grpc.NewServer(opts...)
}

func recoverer(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if p := recover(); p != nil {
				log.Error("panic in handler", "method", info.FullMethod, "panic", p, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return h(ctx, req)
	}
}

func logger(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := h(ctx, req)
		log.Info("rpc", "method", info.FullMethod, "code", status.Code(err).String(),
			"dur", time.Since(start), "trace", TraceID(ctx))
		return resp, err
	}
}

func statusMapper() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		resp, err := h(ctx, req)
		return resp, ToStatus(err)
	}
}

// ToStatus maps domain errors onto gRPC status codes.
func ToStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	switch {
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, db.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidArgument):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrSlotTaken):
		return status.Error(codes.AlreadyExists, err.Error())
	case errors.Is(err, domain.ErrInvalidState):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrConflict):
		return status.Error(codes.Aborted, err.Error())
	case errors.Is(err, domain.ErrPaymentFailed):
		return status.Error(codes.Unavailable, err.Error())
	case errors.Is(err, domain.ErrUnauthenticated):
		return status.Error(codes.Unauthenticated, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	default:
		return status.Error(codes.Internal, err.Error())
	}
}

func firstMD(ctx context.Context, key string) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	if v := md.Get(key); len(v) > 0 {
		return strings.TrimSpace(v[0])
	}
	return ""
}

// IdempotencyKey returns the idempotency-key metadata value.
func IdempotencyKey(ctx context.Context) string { return firstMD(ctx, MDIdempotencyKey) }

// Actor returns the authenticated caller recorded by the gateway.
func Actor(ctx context.Context) string { return firstMD(ctx, MDActor) }

// TraceID returns the caller's trace identifier.
func TraceID(ctx context.Context) string { return firstMD(ctx, MDTraceID) }

// Unary builds a grpc.MethodDesc handler for a typed method, so service
// descriptors can be written by hand without generated code.
func Unary[Req any, Resp any](service, method string, call func(srv any, ctx context.Context, req *Req) (*Resp, error)) grpc.MethodDesc {
	full := "/" + service + "/" + method
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, status.Error(codes.InvalidArgument, err.Error())
			}
			if interceptor == nil {
				return call(srv, ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: full}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(srv, ctx, req.(*Req))
			})
		},
	}
}
