// Package payments handles card holds, captures and refunds for reservations.
package payments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Payment is a PaymentIntent known to the ledger.
type Payment struct {
	ID            string
	ReservationID string
	ProviderRef   string
	Kind          string
	Amount        domain.Money
	Status        string
	CreatedAt     time.Time
}

// Operation is a durable intent for a provider call.
type Operation struct {
	ID            string
	OpKey         string
	ReservationID string
	Kind          string
	Amount        domain.Money
	Status        string
	ProviderRef   string
}

// RefundRecord is an issued refund.
type RefundRecord struct {
	ProviderRef   string
	ReservationID string
	Amount        domain.Money
	Reason        string
}

// NoShowFee is a captured no-show penalty.
type NoShowFee struct {
	ReservationID string
	ProviderRef   string
	Amount        domain.Money
}

// Repository persists payment state.
type Repository interface {
	InsertPayment(ctx context.Context, p *Payment) error
	LatestAuthorization(ctx context.Context, reservationID string) (*Payment, error)
	SetPaymentStatus(ctx context.Context, providerRef, status string) (bool, error)
	ClaimOperation(ctx context.Context, op *Operation) (*Operation, error)
	CompleteOperation(ctx context.Context, id, status, providerRef string) error
	InsertRefund(ctx context.Context, r *RefundRecord) error
	MarkEventProcessed(ctx context.Context, eventID, eventType string) (bool, error)
	InsertNoShowFee(ctx context.Context, f *NoShowFee) error
}

type pgRepository struct{ db *sql.DB }

// NewRepository returns the Postgres implementation.
func NewRepository(db *sql.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) InsertPayment(ctx context.Context, p *Payment) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx, `INSERT INTO payments
		(id, reservation_id, provider_ref, kind, amount_minor, currency, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (provider_ref) DO NOTHING`,
		p.ID, p.ReservationID, p.ProviderRef, p.Kind, p.Amount.Minor, p.Amount.Currency, p.Status)
	if err != nil {
		return fmt.Errorf("payments: insert %s: %w", p.ProviderRef, err)
	}
	return nil
}

func (r *pgRepository) LatestAuthorization(ctx context.Context, reservationID string) (*Payment, error) {
	var p Payment
	err := sqldb.Conn(ctx, r.db).QueryRowContext(ctx, `SELECT id, reservation_id, provider_ref, kind, amount_minor, currency, status, created_at
		FROM payments WHERE reservation_id = $1 AND kind = 'preauth' AND status IN ('requires_capture', 'captured')
		ORDER BY created_at DESC LIMIT 1`, reservationID).
		Scan(&p.ID, &p.ReservationID, &p.ProviderRef, &p.Kind, &p.Amount.Minor, &p.Amount.Currency, &p.Status, &p.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("no authorisation for %s: %w", reservationID, domain.ErrNotFound)
	}
	return &p, err
}

func (r *pgRepository) SetPaymentStatus(ctx context.Context, providerRef, status string) (bool, error) {
	res, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE payments SET status = $2, updated_at = now() WHERE provider_ref = $1`, providerRef, status)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (r *pgRepository) ClaimOperation(ctx context.Context, op *Operation) (*Operation, error) {
	conn := sqldb.Conn(ctx, r.db)
	_, err := conn.ExecContext(ctx, `INSERT INTO payment_operations
		(id, op_key, reservation_id, kind, amount_minor, currency)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (op_key) DO NOTHING`,
		op.ID, op.OpKey, op.ReservationID, op.Kind, op.Amount.Minor, op.Amount.Currency)
	if err != nil {
		return nil, fmt.Errorf("payments: claim %s: %w", op.OpKey, err)
	}
	var out Operation
	var ref sql.NullString
	err = conn.QueryRowContext(ctx, `SELECT id, op_key, reservation_id, kind, amount_minor, currency, status, provider_ref
		FROM payment_operations WHERE op_key = $1`, op.OpKey).
		Scan(&out.ID, &out.OpKey, &out.ReservationID, &out.Kind, &out.Amount.Minor, &out.Amount.Currency, &out.Status, &ref)
	if err != nil {
		return nil, fmt.Errorf("payments: load %s: %w", op.OpKey, err)
	}
	out.ProviderRef = ref.String
	return &out, nil
}

func (r *pgRepository) CompleteOperation(ctx context.Context, id, status, providerRef string) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE payment_operations SET status = $2, provider_ref = $3, updated_at = now() WHERE id = $1`,
		id, status, providerRef)
	return err
}

func (r *pgRepository) InsertRefund(ctx context.Context, rf *RefundRecord) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx, `INSERT INTO refunds
		(provider_ref, reservation_id, amount_minor, currency, reason) VALUES ($1, $2, $3, $4, $5)`,
		rf.ProviderRef, rf.ReservationID, rf.Amount.Minor, rf.Amount.Currency, rf.Reason)
	return err
}

func (r *pgRepository) MarkEventProcessed(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := sqldb.Conn(ctx, r.db).ExecContext(ctx,
		`INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *pgRepository) InsertNoShowFee(ctx context.Context, f *NoShowFee) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx, `INSERT INTO no_show_fees
		(reservation_id, provider_ref, amount_minor, currency) VALUES ($1, $2, $3, $4)
		ON CONFLICT (reservation_id) DO NOTHING`,
		f.ReservationID, f.ProviderRef, f.Amount.Minor, f.Amount.Currency)
	return err
}
