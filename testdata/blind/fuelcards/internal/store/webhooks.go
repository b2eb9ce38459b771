package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

// LogWebhookDelivery appends the raw delivery to webhook_deliveries.
func (q *Queries) LogWebhookDelivery(ctx context.Context, source, eventID, eventType string, payload []byte) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO webhook_deliveries (id, source, event_id, event_type, payload)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), source, eventID, eventType, payload)
	return err
}

// ProcessedWebhook returns the response recorded for an already processed
// event.
func (q *Queries) ProcessedWebhook(ctx context.Context, source, eventID string) (json.RawMessage, bool, error) {
	var resp json.RawMessage
	err := q.db.QueryRow(ctx, `
		SELECT response FROM processed_webhooks WHERE source = $1 AND event_id = $2`,
		source, eventID).Scan(&resp)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return resp, true, nil
}

// MarkWebhookProcessed records the response given for an event.
func (q *Queries) MarkWebhookProcessed(ctx context.Context, source, eventID string, response any) error {
	b, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = q.db.Exec(ctx, `
		INSERT INTO processed_webhooks (source, event_id, response)
		VALUES ($1, $2, $3)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID, b)
	return err
}

// HasActiveHold reports whether the card is under an unreleased fraud hold.
func (q *Queries) HasActiveHold(ctx context.Context, cardID uuid.UUID) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM fraud_holds WHERE card_id = $1 AND released_at IS NULL)`,
		cardID).Scan(&ok)
	return ok, err
}

// UpsertAuthorization records our decision on an authorization request.
func (q *Queries) UpsertAuthorization(ctx context.Context, a domain.Authorization) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO authorizations (network_auth_id, card_id, merchant_id, mcc, amount_cents,
		                            decision, decline_reason)
		VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''))
		ON CONFLICT (network_auth_id) DO UPDATE
		   SET decision = EXCLUDED.decision,
		       decline_reason = EXCLUDED.decline_reason,
		       decided_at = now()`,
		a.NetworkAuthID, a.CardID, a.MerchantID, a.MCC, a.AmountCents, a.Decision, a.DeclineReason)
	return err
}

// AuthorizationByID loads an authorization.
func (q *Queries) AuthorizationByID(ctx context.Context, networkAuthID string) (domain.Authorization, error) {
	var a domain.Authorization
	var reason *string
	err := q.db.QueryRow(ctx, `
		SELECT network_auth_id, card_id, merchant_id, mcc, amount_cents, decision,
		       decline_reason, decided_at, settled_at
		FROM authorizations WHERE network_auth_id = $1`, networkAuthID).
		Scan(&a.NetworkAuthID, &a.CardID, &a.MerchantID, &a.MCC, &a.AmountCents, &a.Decision,
			&reason, &a.DecidedAt, &a.SettledAt)
	if reason != nil {
		a.DeclineReason = *reason
	}
	return a, notFound(err, "authorization")
}

// CardVelocity summarises approved authorizations on a card since a time.
func (q *Queries) CardVelocity(ctx context.Context, cardID uuid.UUID, since time.Time) (domain.Velocity, error) {
	var v domain.Velocity
	err := q.db.QueryRow(ctx, `
		SELECT count(*), COALESCE(sum(amount_cents), 0), count(DISTINCT merchant_id)
		FROM authorizations
		WHERE card_id = $1 AND decision = 'approved' AND decided_at >= $2`,
		cardID, since).Scan(&v.Count, &v.AmountCents, &v.Merchants)
	return v, err
}

// InsertCardEvent stores a network lifecycle event. It reports false when the
// event was already stored.
func (q *Queries) InsertCardEvent(ctx context.Context, ev domain.CardEvent, cardID uuid.UUID) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		INSERT INTO card_events (network_event_id, card_id, event_type, occurred_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (network_event_id) DO NOTHING`,
		ev.NetworkEventID, cardID, ev.Type, ev.OccurredAt)
	return tag.RowsAffected() == 1, err
}
