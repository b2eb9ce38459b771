// Command tollsvc runs the tolling service: gRPC APIs, the admin HTTP API,
// the Kafka trip pipeline and the SQS workers. `tollsvc migrate` applies the
// embedded schema and exits.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/admin"
	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/consumers"
	"github.com/northgate/tolls/internal/grpcapi"
	"github.com/northgate/tolls/internal/logging"
	"github.com/northgate/tolls/internal/storage"
	"github.com/northgate/tolls/internal/workers"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "migrate" {
		if err := migrate(); err != nil {
			fmt.Fprintln(os.Stderr, "migrate:", err)
			os.Exit(1)
		}
		return
	}

	app := fx.New(
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
		coreModule,
		providersModule,
		servicesModule,
		transportModule,
		fx.Invoke(
			grpcapi.Run,
			admin.Run,
			consumers.Run,
			workers.Run,
		),
		fx.StopTimeout(45*time.Second),
	)
	app.Run()
}

func migrate() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log, err := logging.New()
	if err != nil {
		return err
	}
	db, err := storage.Open(cfg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	applied, err := storage.Migrate(ctx, db)
	if err != nil {
		return err
	}
	log.Info("schema up to date", zap.Strings("applied", applied))
	return nil
}
