package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Fuel persists fuel card activity and per-van fuel budgets.
type Fuel struct{}

// NewFuel returns a Fuel repository.
func NewFuel() *Fuel { return &Fuel{} }

// CardByToken loads a fuel card.
func (r *Fuel) CardByToken(ctx context.Context, q db.Querier, token string) (*domain.FuelCard, error) {
	var c domain.FuelCard
	err := q.QueryRow(ctx, `
		SELECT card_token, vanpool_id, driver_member_id, last4, status
		FROM fuel_cards WHERE card_token = $1`, token).
		Scan(&c.CardToken, &c.VanpoolID, &c.DriverMemberID, &c.Last4, &c.Status)
	if err != nil {
		return nil, fmt.Errorf("fuel: card %s: %w", token, db.NotFound(err))
	}
	return &c, nil
}

// RecordWebhookEvent stores a settlement webhook's event id.
func (r *Fuel) RecordWebhookEvent(ctx context.Context, q db.Querier, eventID, eventType string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO fuel_webhook_events (event_id, event_type) VALUES ($1, $2)`, eventID, eventType)
	if err != nil {
		return fmt.Errorf("fuel: record webhook event %s: %w", eventID, err)
	}
	return nil
}

// InsertTransaction stores a settled transaction; inserted=false means the
// processor's transaction id was already on file.
func (r *Fuel) InsertTransaction(ctx context.Context, q db.Querier, t domain.FuelTransaction) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO fuel_transactions (processor_txn_id, card_token, vanpool_id, settlement_id, gallons_milli,
			amount_cents, odometer, merchant_name, settled_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (processor_txn_id) DO NOTHING`,
		t.ProcessorTxnID, t.CardToken, t.VanpoolID, t.SettlementID, t.GallonsMilli, t.AmountCents,
		t.Odometer, t.MerchantName, t.SettledAt)
	if err != nil {
		return false, fmt.Errorf("fuel: insert transaction: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// InsertAuthorization stores a real-time authorization.
func (r *Fuel) InsertAuthorization(ctx context.Context, q db.Querier, a domain.FuelAuthorization) error {
	_, err := q.Exec(ctx, `
		INSERT INTO fuel_authorizations (id, processor_auth_id, card_token, vanpool_id, amount_cents, merchant_name, authorized_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.ID, a.ProcessorAuthID, a.CardToken, a.VanpoolID, a.AmountCents, a.MerchantName, a.AuthorizedAt)
	if err != nil {
		return fmt.Errorf("fuel: insert authorization: %w", err)
	}
	return nil
}

// InsertReversal stores a reversal once per authorization; inserted=false means
// it was already recorded.
func (r *Fuel) InsertReversal(ctx context.Context, q db.Querier, authID string, vanpoolID uuid.UUID, amount money.Cents, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO fuel_reversals (processor_auth_id, vanpool_id, amount_cents, reversed_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (processor_auth_id) DO NOTHING`, authID, vanpoolID, amount, at)
	if err != nil {
		return false, fmt.Errorf("fuel: insert reversal: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// InsertDecline stores a declined authorization event.
func (r *Fuel) InsertDecline(ctx context.Context, q db.Querier, d domain.FuelDecline) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO fuel_declines (processor_event_id, card_token, vanpool_id, amount_cents, reason_code, declined_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (processor_event_id) DO NOTHING`,
		d.ProcessorEventID, d.CardToken, d.VanpoolID, d.AmountCents, d.ReasonCode, d.DeclinedAt)
	if err != nil {
		return false, fmt.Errorf("fuel: insert decline: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// AdjustPending moves a van's pending (authorized, unsettled) spend by delta.
func (r *Fuel) AdjustPending(ctx context.Context, q db.Querier, vanpoolID uuid.UUID, period string, delta money.Cents) error {
	_, err := q.Exec(ctx, `
		INSERT INTO fuel_budgets (vanpool_id, period, limit_cents, pending_cents)
		VALUES ($1, $2, 0, greatest($3::bigint, 0))
		ON CONFLICT (vanpool_id, period) DO UPDATE
		SET pending_cents = greatest(fuel_budgets.pending_cents + $3, 0), updated_at = now()`,
		vanpoolID, period, delta)
	if err != nil {
		return fmt.Errorf("fuel: adjust pending: %w", err)
	}
	return nil
}

// AddSettled moves settled spend into a van's budget and releases the pending hold.
func (r *Fuel) AddSettled(ctx context.Context, q db.Querier, vanpoolID uuid.UUID, period string, amount money.Cents) error {
	_, err := q.Exec(ctx, `
		INSERT INTO fuel_budgets (vanpool_id, period, limit_cents, settled_cents)
		VALUES ($1, $2, 0, $3)
		ON CONFLICT (vanpool_id, period) DO UPDATE
		SET settled_cents = fuel_budgets.settled_cents + $3,
		    pending_cents = greatest(fuel_budgets.pending_cents - $3, 0),
		    updated_at = now()`, vanpoolID, period, amount)
	if err != nil {
		return fmt.Errorf("fuel: add settled: %w", err)
	}
	return nil
}

// UpdateCardStatus applies a card status change unless a newer one is on file.
func (r *Fuel) UpdateCardStatus(ctx context.Context, q db.Querier, token, status string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE fuel_cards SET status = $2, status_changed_at = $3
		WHERE card_token = $1 AND status_changed_at < $3`, token, status, at)
	if err != nil {
		return false, fmt.Errorf("fuel: update card status: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// StreamEvents tracks which Kafka events a consumer has already handled.
type StreamEvents struct{}

// NewStreamEvents returns a StreamEvents repository.
func NewStreamEvents() *StreamEvents { return &StreamEvents{} }

// Seen reports whether consumer has already processed eventID.
func (r *StreamEvents) Seen(ctx context.Context, q db.Querier, consumer, eventID string) (bool, error) {
	var exists bool
	err := q.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM processed_stream_events WHERE consumer = $1 AND event_id = $2)`,
		consumer, eventID).Scan(&exists)
	if err != nil {
		return false, fmt.Errorf("stream events: seen: %w", err)
	}
	return exists, nil
}

// MarkProcessed records eventID as handled by consumer.
func (r *StreamEvents) MarkProcessed(ctx context.Context, q db.Querier, consumer, eventID string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO processed_stream_events (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, eventID)
	if err != nil {
		return fmt.Errorf("stream events: mark processed: %w", err)
	}
	return nil
}
