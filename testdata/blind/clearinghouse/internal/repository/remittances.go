package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
)

// RemittanceRepo persists 835 payment advices.
type RemittanceRepo struct{}

func NewRemittanceRepo() *RemittanceRepo { return &RemittanceRepo{} }

// Insert writes the remittance header.
func (r *RemittanceRepo) Insert(ctx context.Context, q sqlx.ExtContext, rm *domain.Remittance) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO remittances (id, payer_id, trace_number, payment_method, paid_cents, production_date, received_at)
		VALUES (:id, :payer_id, :trace_number, :payment_method, :paid_cents, :production_date, :received_at)`, rm)
	if err != nil {
		return fmt.Errorf("insert remittance: %w", err)
	}
	return nil
}

// InsertClaimPayment writes one CLP loop.
func (r *RemittanceRepo) InsertClaimPayment(ctx context.Context, q sqlx.ExtContext, p *domain.ClaimPayment) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO remittance_claim_payments (id, remittance_id, claim_id, claim_status_code, charge_cents,
			paid_cents, patient_resp_cents, adjustments)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
		p.ID, p.RemittanceID, p.ClaimID, p.ClaimStatusCode, p.ChargeCents, p.PaidCents, p.PatientRespCents, jsonParam(p.Adjustments))
	if err != nil {
		return fmt.Errorf("insert claim payment: %w", err)
	}
	return nil
}

// ProcessedEventRepo stores consumer dedup markers.
type ProcessedEventRepo struct{}

func NewProcessedEventRepo() *ProcessedEventRepo { return &ProcessedEventRepo{} }

// Seen reports whether the consumer already handled the event.
func (r *ProcessedEventRepo) Seen(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) (bool, error) {
	var exists bool
	err := sqlx.GetContext(ctx, q, &exists, `
		SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2)`, consumer, eventID)
	if err != nil {
		return false, fmt.Errorf("check processed event: %w", err)
	}
	return exists, nil
}

// Mark records that the consumer handled the event.
func (r *ProcessedEventRepo) Mark(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1,$2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	if err != nil {
		return fmt.Errorf("mark processed event: %w", err)
	}
	return nil
}

// Claim inserts the marker and reports whether this call inserted it. Run
// it inside the same transaction as the event's effects.
func (r *ProcessedEventRepo) Claim(ctx context.Context, q sqlx.ExtContext, consumer, eventID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1,$2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	if err != nil {
		return false, fmt.Errorf("claim processed event: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
