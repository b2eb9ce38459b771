// Package service holds the application services: the use cases the
// HTTP handlers, Kafka consumers and jobs call into.
package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// authTTL is how long we treat a card authorisation as good. Card
// networks hold most authorisations for seven days; we renew a day early.
const authTTL = 7 * 24 * time.Hour

// pendingTimeout is how long an order may wait for card confirmation.
const pendingTimeout = time.Hour

type base struct {
	now   func() time.Time
	newID func() uuid.UUID
	log   *slog.Logger
}

// Option overrides a service default; used by tests and by main.
type Option func(*base)

func WithClock(now func() time.Time) Option { return func(b *base) { b.now = now } }

func WithIDs(newID func() uuid.UUID) Option { return func(b *base) { b.newID = newID } }

func newBase(log *slog.Logger, opts []Option) base {
	b := base{
		now:   func() time.Time { return time.Now().UTC() },
		newID: uuid.New,
		log:   log,
	}
	for _, o := range opts {
		o(&b)
	}
	return b
}

// enqueue writes an outbox message inside the caller's transaction. The
// dedup key makes a repeated state change announce itself once.
func (b base) enqueue(ctx context.Context, st ports.Store, topic, key, dedupKey string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", topic, err)
	}
	_, err = st.EnqueueOutbox(ctx, domain.OutboxMessage{
		ID:        b.newID(),
		Topic:     topic,
		Key:       key,
		Payload:   raw,
		DedupKey:  dedupKey,
		CreatedAt: b.now(),
	})
	return err
}

// orderIDFromRef parses the client_order_ref we give the warehouse.
func orderIDFromRef(ref string) (uuid.UUID, error) {
	id, err := uuid.Parse(strings.TrimPrefix(ref, "MLP-"))
	if err != nil {
		return uuid.Nil, fmt.Errorf("client_order_ref %q: %w", ref, domain.ErrNotFound)
	}
	return id, nil
}

// Stable keys for provider calls, derived from rows that already exist.
func authorizeKey(orderID uuid.UUID) string { return "order:" + orderID.String() + ":authorize" }
func captureKey(orderID uuid.UUID) string   { return "order:" + orderID.String() + ":capture" }
func cancelKey(pi string) string            { return "pi:" + pi + ":cancel" }
func itemRefundKey(itemID uuid.UUID) string { return "item:" + itemID.String() + ":refund" }
func refundCallKey(refundID uuid.UUID) string {
	return "refund:" + refundID.String()
}

// artistCache memoises artist lookups within one operation.
type artistCache struct {
	store ports.CatalogRepository
	byID  map[uuid.UUID]domain.Artist
}

func newArtistCache(store ports.CatalogRepository) *artistCache {
	return &artistCache{store: store, byID: map[uuid.UUID]domain.Artist{}}
}

func (c *artistCache) get(ctx context.Context, id uuid.UUID) (domain.Artist, error) {
	if a, ok := c.byID[id]; ok {
		return a, nil
	}
	a, err := c.store.GetArtist(ctx, id)
	if err != nil {
		return domain.Artist{}, fmt.Errorf("artist %s: %w", id, err)
	}
	c.byID[id] = a
	return a, nil
}
