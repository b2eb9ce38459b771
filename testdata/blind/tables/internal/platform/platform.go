// Package platform builds infrastructure clients shared by the binaries.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/tablewise/reservations/internal/config"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/pos"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/store"
)

func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func NewPool(cfg *config.Config) (*pgxpool.Pool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return store.Open(ctx, cfg.DatabaseURL)
}

func NewNATS(cfg *config.Config, log *slog.Logger) (*nats.Conn, error) {
	return nats.Connect(cfg.NATSURL,
		nats.Name("tablewise-reservations"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("nats disconnected", "err", err)
		}),
	)
}

func NewJetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc)
}

func NewTemporal(cfg *config.Config, log *slog.Logger) (client.Client, error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    tlog.NewStructuredLogger(log),
	})
	if err != nil {
		return nil, fmt.Errorf("temporal: dial: %w", err)
	}
	return c, nil
}

func NewGateway(cfg *config.Config, log *slog.Logger) payments.Gateway {
	return payments.NewStripeGateway(cfg.StripeSecretKey, log)
}

// NewSMS returns the provider client wrapped with the message log.
func NewSMS(cfg *config.Config, st *store.Store, log *slog.Logger) sms.Sender {
	client := sms.NewClient(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSenderID, cfg.HTTPTimeout)
	return sms.NewRecorder(client, st.Queries, log)
}

func NewPOS(cfg *config.Config) pos.Client {
	return pos.NewHTTPClient(cfg.POSBaseURL, cfg.POSAPIKey, cfg.POSTimeout)
}

// Queries exposes the pool-bound queries for components that never need a
// transaction.
func Queries(st *store.Store) *db.Queries {
	return st.Queries
}
