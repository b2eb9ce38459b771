package pg

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type WebhookRepo struct{ db sqlx.ExtContext }

func NewWebhookRepo(db sqlx.ExtContext) *WebhookRepo { return &WebhookRepo{db: db} }

func (r *WebhookRepo) WithTx(tx sqlx.ExtContext) billing.WebhookRepository {
	return &WebhookRepo{db: tx}
}

type endpointRow struct {
	billing.WebhookEndpoint
	EventTypesCSV string `db:"event_types_csv"`
}

func (e endpointRow) toDomain() billing.WebhookEndpoint {
	ep := e.WebhookEndpoint
	if e.EventTypesCSV != "" {
		ep.EventTypes = strings.Split(e.EventTypesCSV, ",")
	}
	return ep
}

const endpointCols = `id, customer_id, url, secret, array_to_string(event_types, ',') AS event_types_csv, disabled, created_at`

// InsertEndpoint registers ep unless the customer already has an endpoint
// for the same URL; it returns the stored endpoint and whether it is new.
func (r *WebhookRepo) InsertEndpoint(ctx context.Context, ep billing.WebhookEndpoint) (billing.WebhookEndpoint, bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO webhook_endpoints (id, customer_id, url, secret, event_types)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (customer_id, url) DO NOTHING`, ep.ID, ep.CustomerID, ep.URL, ep.Secret, ep.EventTypes)
	if err != nil {
		return billing.WebhookEndpoint{}, false, mapErr("webhooks.insert_endpoint", err)
	}
	n, _ := res.RowsAffected()
	var row endpointRow
	err = sqlx.GetContext(ctx, r.db, &row, `
		SELECT `+endpointCols+` FROM webhook_endpoints WHERE customer_id = $1 AND url = $2`, ep.CustomerID, ep.URL)
	if err != nil {
		return billing.WebhookEndpoint{}, false, mapErr("webhooks.insert_endpoint.select", err)
	}
	return row.toDomain(), n == 1, nil
}

func (r *WebhookRepo) GetEndpoint(ctx context.Context, id string) (billing.WebhookEndpoint, error) {
	var row endpointRow
	err := sqlx.GetContext(ctx, r.db, &row, `SELECT `+endpointCols+` FROM webhook_endpoints WHERE id = $1`, id)
	return row.toDomain(), mapErr("webhooks.get_endpoint", err)
}

func (r *WebhookRepo) EndpointsFor(ctx context.Context, customerID, eventType string) ([]billing.WebhookEndpoint, error) {
	var rows []endpointRow
	err := sqlx.SelectContext(ctx, r.db, &rows, `
		SELECT `+endpointCols+` FROM webhook_endpoints
		 WHERE customer_id = $1 AND NOT disabled
		   AND (cardinality(event_types) = 0 OR $2 = ANY (event_types))
		 ORDER BY created_at`, customerID, eventType)
	if err != nil {
		return nil, mapErr("webhooks.endpoints_for", err)
	}
	out := make([]billing.WebhookEndpoint, 0, len(rows))
	for _, row := range rows {
		out = append(out, row.toDomain())
	}
	return out, nil
}

func (r *WebhookRepo) InsertEvent(ctx context.Context, evt billing.WebhookEvent) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO webhook_events (id, endpoint_id, event_type, payload, status)
		VALUES (:id, :endpoint_id, :event_type, :payload, 'pending')
		ON CONFLICT (id) DO NOTHING`, evt)
	if err != nil {
		return false, mapErr("webhooks.insert_event", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *WebhookRepo) GetEvent(ctx context.Context, id string) (billing.WebhookEvent, error) {
	var evt billing.WebhookEvent
	err := sqlx.GetContext(ctx, r.db, &evt, `
		SELECT id, endpoint_id, event_type, payload, status, delivered_at, created_at
		  FROM webhook_events WHERE id = $1`, id)
	return evt, mapErr("webhooks.get_event", err)
}

func (r *WebhookRepo) MarkDelivered(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE webhook_events SET status = 'delivered', delivered_at = $2 WHERE id = $1`, id, at)
	return mapErr("webhooks.mark_delivered", err)
}

func (r *WebhookRepo) AppendAttempt(ctx context.Context, a billing.WebhookAttempt) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO webhook_attempts (id, event_id, status_code, error, duration_ms, attempted_at)
		VALUES (:id, :event_id, :status_code, :error, :duration_ms, :attempted_at)`, a)
	return mapErr("webhooks.append_attempt", err)
}
