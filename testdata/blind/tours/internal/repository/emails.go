package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// EmailRepo tracks outbound templated emails.
type EmailRepo struct {
	db *db.DB
}

// NewEmailRepo constructs an EmailRepo.
func NewEmailRepo(d *db.DB) *EmailRepo { return &EmailRepo{db: d} }

const emailColumns = `id, booking_id, template, recipient, status, provider_message_id, created_at, sent_at`

// Claim takes ownership of sending a template to a booking. The row is
// created on first use; the caller owns the send only if this call moved the
// row to 'sending'. A row left in 'sending' is never claimed again and is
// picked up by the ops report instead.
func (r *EmailRepo) Claim(ctx context.Context, d *domain.EmailDelivery) (*domain.EmailDelivery, bool, error) {
	const ins = `INSERT INTO email_deliveries (id, booking_id, template, recipient, status)
		VALUES (:id, :booking_id, :template, :recipient, 'pending')
		ON CONFLICT (booking_id, template) DO NOTHING`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, ins, d); err != nil {
		return nil, false, fmt.Errorf("email_deliveries.claim_insert: %w", err)
	}
	var out domain.EmailDelivery
	err := r.db.Conn(ctx).GetContext(ctx, &out,
		`UPDATE email_deliveries SET status = 'sending'
		 WHERE booking_id = $1 AND template = $2 AND status IN ('pending', 'failed')
		 RETURNING `+emailColumns, d.BookingID, d.Template)
	if db.IsNoRows(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("email_deliveries.claim: %w", err)
	}
	return &out, true, nil
}

// MarkSent records the provider's message ID.
func (r *EmailRepo) MarkSent(ctx context.Context, id, providerMessageID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE email_deliveries SET status = 'sent', provider_message_id = $2, sent_at = now() WHERE id = $1`,
		id, providerMessageID)
	if err != nil {
		return fmt.Errorf("email_deliveries.mark_sent: %w", err)
	}
	return nil
}

// MarkFailed hands a claimed row back so a later attempt can claim it.
func (r *EmailRepo) MarkFailed(ctx context.Context, id string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE email_deliveries SET status = 'failed' WHERE id = $1 AND status = 'sending'`, id)
	if err != nil {
		return fmt.Errorf("email_deliveries.mark_failed: %w", err)
	}
	return nil
}

// HasSent reports whether the template has gone out for the booking.
func (r *EmailRepo) HasSent(ctx context.Context, bookingID, template string) (bool, error) {
	var ok bool
	err := r.db.Conn(ctx).GetContext(ctx, &ok,
		`SELECT EXISTS (SELECT 1 FROM email_deliveries WHERE booking_id = $1 AND template = $2 AND status = 'sent')`,
		bookingID, template)
	if err != nil {
		return false, fmt.Errorf("email_deliveries.has_sent: %w", err)
	}
	return ok, nil
}

// RecordSent stores a delivery that has already been handed to the provider.
func (r *EmailRepo) RecordSent(ctx context.Context, d *domain.EmailDelivery) error {
	const q = `INSERT INTO email_deliveries (id, booking_id, template, recipient, status, provider_message_id, sent_at)
		VALUES (:id, :booking_id, :template, :recipient, 'sent', :provider_message_id, now())
		ON CONFLICT (booking_id, template) DO UPDATE
		SET status = 'sent', provider_message_id = EXCLUDED.provider_message_id, sent_at = EXCLUDED.sent_at`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, d); err != nil {
		return fmt.Errorf("email_deliveries.record_sent: %w", err)
	}
	return nil
}
