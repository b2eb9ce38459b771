package grpcapi

import (
	"context"
	"log/slog"
	"net"

	"go.uber.org/fx"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/drivewise/carsub/internal/config"
)

// NewGRPCServer builds the grpc.Server with our interceptors and the
// subscription service registered.
func NewGRPCServer(impl SubscriptionServiceServer, log *slog.Logger) *grpc.Server {
	srv := grpc.NewServer(
		grpc.ChainUnaryInterceptor(
			Recover(log),
			RequestContext(),
			Logging(log),
		),
	)
	srv.RegisterService(&ServiceDesc, impl)
	hs := health.NewServer()
	hs.SetServingStatus(serviceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(srv, hs)
	return srv
}

// Serve ties the gRPC listener to the fx lifecycle.
func Serve(lc fx.Lifecycle, srv *grpc.Server, cfg *config.Config, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(lis); err != nil {
					log.Error("grpc server stopped", "err", err)
				}
			}()
			log.Info("grpc listening", "addr", cfg.GRPCAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			done := make(chan struct{})
			go func() {
				srv.GracefulStop()
				close(done)
			}()
			select {
			case <-done:
			case <-ctx.Done():
				srv.Stop()
			}
			return nil
		},
	})
}
