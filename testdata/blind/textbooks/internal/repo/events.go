package repo

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

// StripeEvents remembers which Stripe webhook deliveries were handled.
type StripeEvents struct{ base }

func NewStripeEvents(db *bun.DB) *StripeEvents { return &StripeEvents{base{db}} }

func (r *StripeEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	return r.conn(ctx).NewSelect().Table("stripe_events").Where("event_id = ?", eventID).Exists(ctx)
}

func (r *StripeEvents) Record(ctx context.Context, eventID, eventType string) error {
	_, err := r.conn(ctx).NewRaw(
		"INSERT INTO stripe_events (event_id, event_type) VALUES (?, ?) ON CONFLICT DO NOTHING",
		eventID, eventType,
	).Exec(ctx)
	return err
}

// PartnerEvents deduplicates wholesaler webhook deliveries.
type PartnerEvents struct{ base }

func NewPartnerEvents(db *bun.DB) *PartnerEvents { return &PartnerEvents{base{db}} }

// Claim records the event on the caller's transaction; false means another
// delivery of the same event already did.
func (r *PartnerEvents) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := r.conn(ctx).NewRaw(
		"INSERT INTO partner_webhook_events (event_id, event_type) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING",
		eventID, eventType,
	).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Responses backs httpx.Replay.
type Responses struct{ base }

func NewResponses(db *bun.DB) *Responses { return &Responses{base{db}} }

var _ httpx.ResponseStore = (*Responses)(nil)

func (r *Responses) Lookup(ctx context.Context, scope, key string) (*httpx.StoredResponse, error) {
	var row struct {
		StatusCode int    `bun:"status_code"`
		Body       []byte `bun:"body"`
	}
	err := r.conn(ctx).NewRaw(
		"SELECT status_code, body FROM api_idempotency WHERE scope = ? AND key = ?", scope, key,
	).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if row.StatusCode == 0 {
		row.StatusCode = http.StatusOK
	}
	return &httpx.StoredResponse{Status: row.StatusCode, Body: row.Body}, nil
}

func (r *Responses) Save(ctx context.Context, scope, key string, resp httpx.StoredResponse) error {
	_, err := r.conn(ctx).NewRaw(
		`INSERT INTO api_idempotency (scope, key, status_code, body) VALUES (?, ?, ?, ?)
		 ON CONFLICT (scope, key) DO NOTHING`,
		scope, key, resp.Status, string(resp.Body),
	).Exec(ctx)
	return err
}
