package grpcapi

import (
	"context"
	"log/slog"
	"net"
	"time"

	"go.uber.org/fx"
	"google.golang.org/grpc"
	"google.golang.org/grpc/keepalive"

	"github.com/pantryco/fulfilment/internal/config"
)

// recoverInterceptor turns panics into Internal errors.
func recoverInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(ctx, "panic in grpc handler", "method", info.FullMethod, "panic", r)
				err = toStatus(errPanic)
			}
		}()
		return handler(ctx, req)
	}
}

type panicError struct{}

func (panicError) Error() string { return "internal error" }

var errPanic = panicError{}

// NewGRPCServer builds the grpc.Server, registers the Orders service and
// ties it to the fx lifecycle.
func NewGRPCServer(lc fx.Lifecycle, cfg config.Config, impl *Server, log *slog.Logger) *grpc.Server {
	srv := grpc.NewServer(
		grpc.ChainUnaryInterceptor(recoverInterceptor(log)),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionIdle: 5 * time.Minute}),
	)
	srv.RegisterService(&OrdersServiceDesc, impl)

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
		OnStop: func(context.Context) error {
			srv.GracefulStop()
			return nil
		},
	})
	return srv
}
