package grpcx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	"go.uber.org/fx"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"

	"github.com/veinline/plasmaops/internal/config"
)

// ServicesGroup is the fx value group domain modules contribute Service
// values to.
const ServicesGroup = `group:"grpc_services"`

// IdempotentGroup collects methods that take part in response replay.
const IdempotentGroup = `group:"grpc_idempotent_methods"`

// AsService annotates a constructor returning a Service for the group.
func AsService(f any) any {
	return fx.Annotate(f, fx.ResultTags(ServicesGroup))
}

// AsIdempotent annotates a constructor returning an IdempotentMethod.
func AsIdempotent(f any) any {
	return fx.Annotate(f, fx.ResultTags(IdempotentGroup))
}

type serverParams struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Config     config.Config
	Log        *slog.Logger
	Verifier   TokenVerifier
	Store      ResponseStore
	Services   []Service          `group:"grpc_services"`
	Idempotent []IdempotentMethod `group:"grpc_idempotent_methods"`
}

// NewServer builds the gRPC server, registers every contributed service
// and starts listening when the application starts.
func NewServer(p serverParams) (*grpc.Server, error) {
	srv := grpc.NewServer(
		grpc.ForceServerCodec(Codec{}),
		grpc.ChainUnaryInterceptor(
			RecoveryInterceptor(p.Log),
			LoggingInterceptor(p.Log),
			ErrorInterceptor(),
			AuthInterceptor(p.Verifier, map[string]bool{
				"/grpc.health.v1.Health/Check": true,
			}),
			IdempotencyInterceptor(p.Store, p.Log, p.Idempotent),
		),
	)
	for _, s := range p.Services {
		srv.RegisterService(s.Desc, s.Impl)
		p.Log.Info("registered grpc service", "service", s.Desc.ServiceName, "methods", len(s.Desc.Methods))
	}
	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	reflection.Register(srv)

	p.Lifecycle.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			lis, err := net.Listen("tcp", p.Config.GRPCAddr)
			if err != nil {
				return fmt.Errorf("grpc listen: %w", err)
			}
			go func() {
				if err := srv.Serve(lis); err != nil && !errors.Is(err, grpc.ErrServerStopped) {
					p.Log.Error("grpc server stopped", "err", err)
				}
			}()
			p.Log.Info("grpc listening", "addr", p.Config.GRPCAddr)
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
	return srv, nil
}

// Module provides the gRPC server. Domain modules add services with
// AsService; the server is forced into existence by an Invoke.
var Module = fx.Module("grpcx",
	fx.Provide(
		NewServer,
		fx.Annotate(NewPGResponseStore, fx.As(new(ResponseStore))),
	),
	fx.Invoke(func(*grpc.Server) {}),
)
