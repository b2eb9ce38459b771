package grpcapi

import (
	"context"
	"net"
	"time"

	"github.com/rs/xid"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/northgate/tolls/internal/config"
)

// loggingInterceptor tags each call with a request ID (taken from the
// x-request-id header when the caller sent one) and logs its outcome.
func loggingInterceptor(log *zap.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		reqID := ""
		if md, ok := metadata.FromIncomingContext(ctx); ok {
			if v := md.Get("x-request-id"); len(v) > 0 {
				reqID = v[0]
			}
		}
		if reqID == "" {
			reqID = xid.New().String()
		}
		_ = grpc.SetHeader(ctx, metadata.Pairs("x-request-id", reqID))
		start := time.Now()
		resp, err := handler(ctx, req)
		log.Info("grpc",
			zap.String("method", info.FullMethod),
			zap.String("request_id", reqID),
			zap.Duration("took", time.Since(start)),
			zap.String("code", status.Code(err).String()),
		)
		return resp, err
	}
}

func recoverInterceptor(log *zap.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic in handler", zap.String("method", info.FullMethod), zap.Any("panic", r))
				err = toStatus(errPanic)
			}
		}()
		return handler(ctx, req)
	}
}

type panicError struct{}

func (panicError) Error() string { return "handler panicked" }

var errPanic = panicError{}

// NewServer builds the gRPC server with the three tolling services.
func NewServer(acc AccountServiceServer, bill BillingServiceServer, vio ViolationServiceServer, log *zap.Logger) *grpc.Server {
	srv := grpc.NewServer(
		grpc.ForceServerCodec(Codec{}),
		grpc.ChainUnaryInterceptor(recoverInterceptor(log), loggingInterceptor(log)),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionIdle: 5 * time.Minute}),
	)
	RegisterAccountServiceServer(srv, acc)
	RegisterBillingServiceServer(srv, bill)
	RegisterViolationServiceServer(srv, vio)
	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	return srv
}

// Run starts srv on the configured address for the lifetime of the fx app.
func Run(lc fx.Lifecycle, srv *grpc.Server, cfg *config.Config, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(lis); err != nil {
					log.Error("grpc server stopped", zap.Error(err))
				}
			}()
			log.Info("grpc listening", zap.String("addr", cfg.GRPCAddr))
			return nil
		},
		OnStop: func(ctx context.Context) error {
			done := make(chan struct{})
			go func() { srv.GracefulStop(); close(done) }()
			select {
			case <-done:
			case <-ctx.Done():
				srv.Stop()
			}
			return nil
		},
	})
}
