// Command fleet-consumer applies TruckPool events from the partner SQS queue.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/app"
	appconfig "github.com/haulright/movers/internal/config"
	"github.com/haulright/movers/internal/consumer"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/database"
	"github.com/haulright/movers/internal/service"
)

func main() {
	cfg, err := appconfig.Load()
	if err != nil {
		log.Fatal(err)
	}
	logger := app.Logger("fleet-consumer")
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	repos := app.NewRepos(db)

	queue := asynq.NewClient(app.RedisOpt(cfg))
	defer queue.Close()
	enqueuer := jobs.NewEnqueuer(queue, logger)
	gateway := app.NewPayments(cfg, logger)

	claims := service.NewClaimService(db, repos.Claims, repos.Bookings, repos.Customers,
		repos.Notifications, gateway, enqueuer, logger)
	events := service.NewFleetEventService(db, repos.Trucks, repos.Bookings, repos.Customers,
		repos.Events, repos.Notifications, claims, gateway, enqueuer, logger)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		log.Fatal(err)
	}
	c := consumer.New(sqs.NewFromConfig(awsCfg), cfg.FleetQueueURL, consumer.Routes(events), logger,
		consumer.WithWorkers(8), consumer.WithVisibilityTimeout(120))
	logger.Info("consuming", "queue", cfg.FleetQueueURL)
	if err := c.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
