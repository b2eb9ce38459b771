package rpc

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	"go.uber.org/fx"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	"github.com/saltline-charters/charterhub/internal/config"
)

// Module serves ChartersServer on cfg.GRPCAddr for the life of the app.
var Module = fx.Module("rpc",
	fx.Provide(
		NewServer,
		newGRPCServer,
	),
	fx.Invoke(serve),
)

func newGRPCServer(replays ReplayStore, log *slog.Logger) *grpc.Server {
	return grpc.NewServer(
		grpc.ForceServerCodec(jsonCodec{}),
		grpc.ChainUnaryInterceptor(
			accessLog(log),
			ReplayInterceptor(replays, ReplayOptions{Methods: DefaultReplayMethods(), Log: log}),
		),
	)
}

func accessLog(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.InfoContext(ctx, "rpc",
			"method", info.FullMethod,
			"code", status.Code(err).String(),
			"dur_ms", time.Since(start).Milliseconds(),
			"keyed", requestKey(ctx) != "",
		)
		return resp, err
	}
}

func serve(lc fx.Lifecycle, cfg config.Config, gs *grpc.Server, srv *Server, log *slog.Logger) {
	RegisterChartersServer(gs, srv)
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := gs.Serve(lis); err != nil && !errors.Is(err, grpc.ErrServerStopped) {
					log.Error("grpc serve", "err", err)
				}
			}()
			log.Info("grpc listening", "addr", lis.Addr().String())
			return nil
		},
		OnStop: func(ctx context.Context) error {
			done := make(chan struct{})
			go func() {
				gs.GracefulStop()
				close(done)
			}()
			select {
			case <-done:
			case <-ctx.Done():
				gs.Stop()
			}
			return nil
		},
	})
}
