// Command sqs-consumer processes carrier callbacks and payment notifications
// that the API gateway forwards to SQS.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/globetrek/esim-platform/internal/callbacks"
	"github.com/globetrek/esim-platform/internal/config"
	"github.com/globetrek/esim-platform/internal/platform"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

type container struct {
	cfg      *config.Config
	log      *slog.Logger
	db       *store.DB
	queue    *tasks.Client
	sqs      *sqs.Client
	carrier  *callbacks.Router
	payments *callbacks.PaymentNotifications
}

func build(ctx context.Context, cfg *config.Config, log *slog.Logger) (*container, error) {
	db, err := platform.DB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		db.Close()
		return nil, err
	}
	client := sqs.NewFromConfig(awsCfg, func(o *sqs.Options) {
		if cfg.SQSEndpoint != "" {
			o.BaseEndpoint = &cfg.SQSEndpoint
		}
	})
	q := platform.Queue(cfg)
	p := platform.NewProviders(cfg, log)
	n := platform.Notifier(db, p, log)

	carrier := &callbacks.CarrierHandlers{
		Provisioning: provisioning.New(db, p.Carriers, q, n, log),
		TopUps:       topups.New(db, p.Adyen, p.Carriers, q, log),
		Usage:        usage.New(db, p.Carriers, q, n, log),
		DB:           db,
	}
	inbox := callbacks.NewInbox(db.Inbox)
	return &container{
		cfg:     cfg,
		log:     log,
		db:      db,
		queue:   q,
		sqs:     client,
		carrier: callbacks.NewRouter(carrier.Routes(inbox), log),
		payments: &callbacks.PaymentNotifications{
			Orders:  orders.New(db, p.Adyen, q, log),
			HMACKey: []byte(cfg.AdyenHMACKey),
			Log:     log,
		},
	}, nil
}

func (c *container) consumers() []*callbacks.Consumer {
	return []*callbacks.Consumer{
		{
			Name:       "carrier-callbacks",
			Client:     c.sqs,
			QueueURL:   c.cfg.CarrierQueueURL,
			Handle:     c.carrier.Dispatch,
			Log:        c.log,
			Visibility: c.cfg.SQSVisibility,
			Timeout:    c.cfg.HandlerTimeout,
		},
		{
			Name:       "payment-notifications",
			Client:     c.sqs,
			QueueURL:   c.cfg.PaymentQueueURL,
			Handle:     c.payments.Handle,
			Log:        c.log,
			Visibility: c.cfg.SQSVisibility,
			Timeout:    c.cfg.HandlerTimeout,
		},
	}
}

func main() {
	log := platform.Logger("sqs-consumer")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	c, err := build(ctx, cfg, log)
	if err != nil {
		log.Error("build", "err", err)
		os.Exit(1)
	}
	defer c.db.Close()
	defer c.queue.Close()

	var wg sync.WaitGroup
	for _, cons := range c.consumers() {
		wg.Add(1)
		go func(cons *callbacks.Consumer) {
			defer wg.Done()
			log.Info("consuming", "queue", cons.Name)
			if err := cons.Run(ctx); err != nil {
				log.Error("consumer stopped", "queue", cons.Name, "err", err)
			}
		}(cons)
	}
	wg.Wait()
}
