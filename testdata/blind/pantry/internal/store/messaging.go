package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// InboxRepo records processed message ids per consumer.
type InboxRepo struct {
	db pg.DBTX
}

// NewInboxRepo builds an InboxRepo.
func NewInboxRepo(db pg.DBTX) *InboxRepo { return &InboxRepo{db: db} }

// Claim inserts (consumer, id) and reports whether this call inserted it.
// Use it inside the transaction of the effect it protects.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	tag, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
	if err != nil {
		return false, fmt.Errorf("claim inbox: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Seen reports whether a message was already processed.
func (r *InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var ok bool
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID).Scan(&ok)
	return ok, err
}

// MarkProcessed records a message as processed.
func (r *InboxRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
	return err
}

// OutboxRepo stores partner-facing events written with state changes.
type OutboxRepo struct {
	db pg.DBTX
}

// NewOutboxRepo builds an OutboxRepo.
func NewOutboxRepo(db pg.DBTX) *OutboxRepo { return &OutboxRepo{db: db} }

// Insert writes an outbox event.
func (r *OutboxRepo) Insert(ctx context.Context, ev domain.OutboxEvent) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO outbox_events (id, retailer_id, order_id, type, payload)
		VALUES ($1, $2, $3, $4, $5)`, ev.ID, ev.RetailerID, ev.OrderID, ev.Type, ev.Payload)
	if err != nil {
		return fmt.Errorf("insert outbox event: %w", err)
	}
	return nil
}

// Get loads an outbox event.
func (r *OutboxRepo) Get(ctx context.Context, id uuid.UUID) (domain.OutboxEvent, error) {
	var ev domain.OutboxEvent
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT id, retailer_id, order_id, type, payload, created_at, delivered_at
		  FROM outbox_events WHERE id = $1`, id).
		Scan(&ev.ID, &ev.RetailerID, &ev.OrderID, &ev.Type, &ev.Payload, &ev.CreatedAt, &ev.DeliveredAt)
	if err != nil {
		return domain.OutboxEvent{}, fmt.Errorf("get outbox event: %w", pg.NotFound(err))
	}
	return ev, nil
}

// MarkDelivered records successful delivery to the partner.
func (r *OutboxRepo) MarkDelivered(ctx context.Context, id uuid.UUID) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE outbox_events SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL`, id)
	return err
}

// StockRepo tracks store stock on hand.
type StockRepo struct {
	db pg.DBTX
}

// NewStockRepo builds a StockRepo.
func NewStockRepo(db pg.DBTX) *StockRepo { return &StockRepo{db: db} }

// Apply adds delta to the stock on hand.
func (r *StockRepo) Apply(ctx context.Context, storeID, sku string, delta int) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO stock_levels (store_id, sku, on_hand) VALUES ($1, $2, GREATEST($3, 0))
		ON CONFLICT (store_id, sku)
		DO UPDATE SET on_hand = GREATEST(stock_levels.on_hand + $3, 0), updated_at = now()`,
		storeID, sku, delta)
	if err != nil {
		return fmt.Errorf("apply stock delta: %w", err)
	}
	return nil
}

// ExpiryRunRepo is the audit log of expiry sweeps.
type ExpiryRunRepo struct {
	db pg.DBTX
}

// NewExpiryRunRepo builds an ExpiryRunRepo.
func NewExpiryRunRepo(db pg.DBTX) *ExpiryRunRepo { return &ExpiryRunRepo{db: db} }

// Record appends a sweep run.
func (r *ExpiryRunRepo) Record(ctx context.Context, runID string, cutoff time.Time, expired int) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO expiry_runs (id, cutoff, expired) VALUES ($1, $2, $3)`, runID, cutoff, expired)
	return err
}
