// Command kiosk-ingest consumes the payment kiosk network's JetStream events.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/config"
	"github.com/curbline-civic/permits/internal/kiosk"
	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/finance"
	"github.com/curbline-civic/permits/internal/revenue"
	"github.com/curbline-civic/permits/internal/review"
	"github.com/curbline-civic/permits/internal/wiring"
)

func main() {
	c := dig.New()
	providers := append(wiring.Base(),
		wiring.P(wiring.Temporal),
		wiring.P(connectNATS),
		wiring.P(func(nc *nats.Conn) (jetstream.JetStream, error) { return jetstream.New(nc) }),
		wiring.P(func(cfg *config.Config, tc client.Client) *review.Starter {
			return review.NewStarter(tc, cfg.TemporalQueue)
		}),
		wiring.P(applications.NewRepo),
		wiring.P(payments.NewRepo),
		wiring.P(kiosk.NewRepo),
		wiring.P(func(cfg *config.Config, gl *finance.Client, pay *payments.Repo, db *sqlx.DB, log *slog.Logger) *revenue.Poster {
			return revenue.NewPoster(gl, pay, db, revenue.Accounts{
				Fund:           cfg.FinanceFund,
				CardClearing:   "1015-CARD-CLEARING",
				KioskClearing:  "1016-KIOSK-CLEARING",
				DefaultRevenue: "4310-RPP-FEES",
			}, log)
		}),
		wiring.P(newConsumers),
	)
	if err := wiring.Provide(c, providers...); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("kiosk-ingest stopped", "err", err)
		os.Exit(1)
	}
}

func connectNATS(cfg *config.Config, log *slog.Logger) (*nats.Conn, error) {
	return nats.Connect(cfg.NATSURL,
		nats.Name("permits-kiosk-ingest"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(nc *nats.Conn) { log.Info("nats reconnected", "url", nc.ConnectedUrl()) }),
	)
}

type consumerDeps struct {
	dig.In

	Kiosk    *kiosk.Repo
	Payments *payments.Repo
	Apps     *applications.Repo
	Reviews  *review.Starter
	Revenue  *revenue.Poster
	JS       jetstream.JetStream
	Tx       database.TxRunner
	Log      *slog.Logger
}

func newConsumers(d consumerDeps) *kiosk.Consumers {
	return &kiosk.Consumers{
		Store:     d.Kiosk,
		Ledger:    d.Payments,
		Apps:      d.Apps,
		Reviews:   d.Reviews,
		Revenue:   d.Revenue,
		Publisher: d.JS,
		Processed: d.Kiosk,
		Tx:        d.Tx,
		Log:       d.Log,
	}
}

func run(cfg *config.Config, js jetstream.JetStream, nc *nats.Conn, cons *kiosk.Consumers,
	db *sqlx.DB, tc client.Client, log *slog.Logger) error {
	defer db.Close()
	defer tc.Close()
	defer nc.Drain()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var running []jetstream.ConsumeContext
	for _, rt := range cons.Routes() {
		consumer, err := js.CreateOrUpdateConsumer(ctx, cfg.KioskStream, jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       rt.MaxAck,
			MaxDeliver:    -1,
			MaxAckPending: 64,
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", rt.Durable, err)
		}
		cc, err := consumer.Consume(rt.Handler,
			jetstream.PullMaxMessages(32),
			jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
				log.Warn("consume error", "consumer", rt.Durable, "err", err)
			}),
		)
		if err != nil {
			return fmt.Errorf("consume %s: %w", rt.Durable, err)
		}
		running = append(running, cc)
		log.Info("consuming", "consumer", rt.Durable, "subject", rt.Subject)
	}

	<-ctx.Done()
	for _, cc := range running {
		cc.Drain()
	}
	time.Sleep(2 * time.Second)
	return nil
}
