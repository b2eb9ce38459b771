// Command movements consumes railroad car movement events from SQS: the
// railroad car event feed queue and the FIFO queue of manually entered
// movements.
package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/ironbridge-leasing/railcars/internal/app"
	"github.com/ironbridge-leasing/railcars/internal/config"
	"github.com/ironbridge-leasing/railcars/internal/messaging/sqsq"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/repo"
	"github.com/ironbridge-leasing/railcars/internal/service"
	"github.com/ironbridge-leasing/railcars/internal/workers"
)

func main() {
	log := app.Logger("movements")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	pool, err := app.OpenDB(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		log.Error("aws config", "err", err)
		os.Exit(1)
	}
	client := sqs.NewFromConfig(awsCfg)

	svc := service.NewMovementService(service.MovementDeps{
		Tx:     db.NewTxRunner(pool),
		Moves:  repo.Movements{},
		Cars:   repo.Cars{},
		Leases: repo.Leases{},
		Events: repo.Outbox{},
		Log:    log,
	})
	handler := workers.MovementHandler(svc)

	var wg sync.WaitGroup
	for _, url := range []string{cfg.MovementQueue, cfg.ManualQueue} {
		if url == "" {
			continue
		}
		c := sqsq.NewConsumer(client, url, handler, sqsq.WithWorkers(cfg.SQSWorkers), sqsq.WithLogger(log))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Run(ctx); err != nil {
				log.Error("consumer stopped", "queue", url, "err", err)
			}
		}()
	}
	log.Info("consuming movements")
	wg.Wait()
}
