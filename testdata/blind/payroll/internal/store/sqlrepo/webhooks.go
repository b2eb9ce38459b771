package sqlrepo

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

// WebhookRepo stores inbound provider notifications and the state changes
// they drive.
type WebhookRepo struct {
	db *sql.DB
}

func NewWebhookRepo(db *sql.DB) *WebhookRepo { return &WebhookRepo{db: db} }

// RecordEvent remembers a provider event id. It reports false when the event
// had already been recorded.
func (r *WebhookRepo) RecordEvent(ctx context.Context, provider, eventID string) (bool, error) {
	res, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		INSERT INTO webhook_events (provider, event_id) VALUES ($1, $2)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TransitionPayoutByTransfer moves the payout with the given provider transfer
// id to status `to` if it is currently in one of `from`.
func (r *WebhookRepo) TransitionPayoutByTransfer(ctx context.Context, transferID string, from []domain.PayoutStatus, to domain.PayoutStatus) (payRunID string, changed bool, err error) {
	fromStr := make([]string, len(from))
	for i, s := range from {
		fromStr[i] = string(s)
	}
	err = uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		UPDATE payouts SET status = $2, updated_at = now()
		 WHERE provider_transfer_id = $1 AND status = ANY($3)
		RETURNING pay_run_id`, transferID, string(to), fromStr).Scan(&payRunID)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return payRunID, true, nil
}

// CompleteRunIfSettled flips an approved run to paid once every payout settled.
func (r *WebhookRepo) CompleteRunIfSettled(ctx context.Context, runID string) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		UPDATE pay_runs SET status = 'paid'
		 WHERE id = $1 AND status = 'approved'
		   AND NOT EXISTS (SELECT 1 FROM payouts WHERE pay_run_id = $1 AND status <> 'settled')`, runID)
	return err
}

type PayoutRef struct {
	PayoutID   uuid.UUID
	CompanyID  uuid.UUID
	EmployeeID uuid.UUID
	PayRunID   string
	Amount     int64
	Currency   string
	Status     domain.PayoutStatus
}

func (r *WebhookRepo) PayoutByTransfer(ctx context.Context, transferID string) (*PayoutRef, error) {
	var p PayoutRef
	var status string
	err := uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		SELECT p.id, r.company_id, p.employee_id, p.pay_run_id, p.amount_cents, p.currency, p.status
		  FROM payouts p JOIN pay_runs r ON r.id = p.pay_run_id
		 WHERE p.provider_transfer_id = $1`, transferID).
		Scan(&p.PayoutID, &p.CompanyID, &p.EmployeeID, &p.PayRunID, &p.Amount, &p.Currency, &status)
	if err != nil {
		return nil, notFound(err)
	}
	p.Status = domain.PayoutStatus(status)
	return &p, nil
}

func (r *WebhookRepo) IsReturnProcessed(ctx context.Context, returnID string) (bool, error) {
	var exists bool
	err := r.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_bank_returns WHERE return_id = $1)`, returnID).Scan(&exists)
	return exists, err
}

func (r *WebhookRepo) MarkReturnProcessed(ctx context.Context, returnID string) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO processed_bank_returns (return_id) VALUES ($1) ON CONFLICT DO NOTHING`, returnID)
	return err
}

type EmailEvent struct {
	ID              uuid.UUID
	ProviderEventID string
	MessageID       string
	EventType       string
	Recipient       string
	Payload         json.RawMessage
	OccurredAt      time.Time
}

// InsertEmailEvent stores a delivery event from the mail provider and reports
// whether it was new.
func (r *WebhookRepo) InsertEmailEvent(ctx context.Context, ev EmailEvent) (bool, error) {
	res, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		INSERT INTO email_events (id, provider_event_id, message_id, event_type, recipient, payload, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (provider_event_id) DO NOTHING`,
		ev.ID, ev.ProviderEventID, ev.MessageID, ev.EventType, ev.Recipient, []byte(ev.Payload), ev.OccurredAt)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
