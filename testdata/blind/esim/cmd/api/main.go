// Command api serves the traveller, reseller and support gRPC APIs.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"google.golang.org/grpc"

	"github.com/globetrek/esim-platform/internal/auth"
	"github.com/globetrek/esim-platform/internal/config"
	"github.com/globetrek/esim-platform/internal/grpcapi"
	"github.com/globetrek/esim-platform/internal/platform"
	"github.com/globetrek/esim-platform/internal/service/commissions"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/refunds"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

type container struct {
	cfg   *config.Config
	log   *slog.Logger
	db    *store.DB
	queue *tasks.Client

	orders       *orders.Service
	provisioning *provisioning.Service
	topups       *topups.Service
	refunds      *refunds.Service
	commissions  *commissions.Service
	usage        *usage.Service
}

func build(ctx context.Context, cfg *config.Config, log *slog.Logger) (*container, error) {
	db, err := platform.DB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	q := platform.Queue(cfg)
	p := platform.NewProviders(cfg, log)
	n := platform.Notifier(db, p, log)
	return &container{
		cfg:          cfg,
		log:          log,
		db:           db,
		queue:        q,
		orders:       orders.New(db, p.Adyen, q, log),
		provisioning: provisioning.New(db, p.Carriers, q, n, log),
		topups:       topups.New(db, p.Adyen, p.Carriers, q, log),
		refunds:      refunds.New(db, p.Adyen, p.Carriers, q, log),
		commissions:  commissions.New(db, log),
		usage:        usage.New(db, p.Carriers, q, n, log),
	}, nil
}

func (c *container) close() {
	if err := c.queue.Close(); err != nil {
		c.log.Warn("close queue", "err", err)
	}
	c.db.Close()
}

func (c *container) grpcServer() *grpc.Server {
	return grpcapi.NewServer(grpcapi.Services{
		Orders:    &grpcapi.OrderServer{Orders: c.orders},
		Esims:     &grpcapi.EsimServer{Provisioning: c.provisioning},
		TopUps:    &grpcapi.TopUpServer{TopUps: c.topups},
		Refunds:   &grpcapi.RefundServer{Refunds: c.refunds, Orders: c.orders},
		Resellers: &grpcapi.ResellerServer{Commissions: c.commissions},
		Usage:     &grpcapi.UsageServer{Usage: c.usage, Provisioning: c.provisioning},
	}, auth.TokenVerifier{Secret: []byte(c.cfg.TokenSecret)}, c.log)
}

func main() {
	log := platform.Logger("api")
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	c, err := build(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer c.close()

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}
	srv := c.grpcServer()
	errc := make(chan error, 1)
	go func() {
		log.Info("grpc listening", "addr", lis.Addr().String())
		errc <- srv.Serve(lis)
	}()

	select {
	case err := <-errc:
		if errors.Is(err, grpc.ErrServerStopped) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	done := make(chan struct{})
	go func() {
		srv.GracefulStop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(cfg.ShutdownWait):
		srv.Stop()
	}
	return nil
}
