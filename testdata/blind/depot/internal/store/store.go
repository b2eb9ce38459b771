// Package store implements the Postgres repositories behind the depot
// services. Methods that take a db.Queryer can run on the pool or inside a
// caller's transaction.
package store

import (
	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/idgen"
)

// Repos bundles every repository over one connection pool.
type Repos struct {
	DB          *sqlx.DB
	Inventory   *InventoryRepo
	Inbound     *InboundRepo
	Orders      *OrderRepo
	Shipping    *ShippingRepo
	Returns     *ReturnRepo
	Billing     *BillingRepo
	Webhooks    *WebhookRepo
	Outbox      *OutboxRepo
	Idempotency *IdempotencyRepo
}

// Option customises New.
type Option func(*config)

type config struct {
	ids   idgen.Generator
	clock clock.Clock
}

// WithIDGen sets the generator used for surrogate keys.
func WithIDGen(g idgen.Generator) Option { return func(c *config) { c.ids = g } }

// WithClock sets the clock used for timestamps.
func WithClock(cl clock.Clock) Option { return func(c *config) { c.clock = cl } }

// New builds the repositories.
func New(conn *sqlx.DB, opts ...Option) *Repos {
	cfg := config{ids: idgen.UUID{}, clock: clock.System{}}
	for _, o := range opts {
		o(&cfg)
	}
	return &Repos{
		DB:          conn,
		Inventory:   &InventoryRepo{db: conn, ids: cfg.ids, clock: cfg.clock},
		Inbound:     newInboundRepo(conn, cfg),
		Orders:      &OrderRepo{db: conn},
		Shipping:    &ShippingRepo{db: conn},
		Returns:     &ReturnRepo{db: conn},
		Billing:     &BillingRepo{db: conn},
		Webhooks:    &WebhookRepo{db: conn},
		Outbox:      &OutboxRepo{db: conn},
		Idempotency: &IdempotencyRepo{db: conn},
	}
}
