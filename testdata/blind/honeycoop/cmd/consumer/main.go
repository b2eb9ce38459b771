// Command consumer applies the honey house's scale readings and the lab's
// grading events from Kafka.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/amberfield-labs/honeycoop/internal/config"
	"github.com/amberfield-labs/honeycoop/internal/consumer"
	"github.com/amberfield-labs/honeycoop/internal/platform/keys"
	"github.com/amberfield-labs/honeycoop/internal/service/grading"
	"github.com/amberfield-labs/honeycoop/internal/service/intake"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := store.Open(store.Options{DSN: cfg.DatabaseURL, MaxOpenConns: 8})
	if err != nil {
		return err
	}
	defer db.Close()

	lotRepo := store.NewLotRepo(db)
	now := time.Now

	intakeSvc := intake.New(intake.Deps{Lots: lotRepo, NewID: keys.UUID, Now: now})
	gradingSvc := grading.WithLogging(grading.New(grading.Deps{
		Tx:     db,
		Lots:   lotRepo,
		Ledger: store.NewLedgerRepo(db),
		Events: store.NewEventLog(db),
		Queue:  store.NewJobQueue(db),
		IDs:    keys.UUID,
		Now:    now,
	}), log)

	routes := map[string]consumer.Handlers{
		cfg.ScaleTopic:   consumer.ScaleHandlers(intakeSvc),
		cfg.GradingTopic: consumer.GradingHandlers(gradingSvc),
	}

	var wg sync.WaitGroup
	errc := make(chan error, len(routes))
	for topic, handlers := range routes {
		r := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.KafkaBrokers,
			GroupID:        cfg.KafkaGroupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10e6,
			MaxWait:        2 * time.Second,
			CommitInterval: 0, // commit synchronously after each handled message
			StartOffset:    kafka.FirstOffset,
		})
		d := consumer.NewDispatcher(handlers, log.With("topic", topic))
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer r.Close()
			if err := d.Run(ctx, r); err != nil {
				errc <- err
				stop()
			}
		}()
	}
	wg.Wait()
	close(errc)
	return <-errc
}
