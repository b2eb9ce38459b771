package storage

import (
	"context"

	"github.com/harbourline/marina/internal/domain"
)

type FuelRepository interface {
	// InsertSale stores s unless the pump ticket is already recorded.
	InsertSale(ctx context.Context, s *domain.FuelSale) (bool, error)
	GetByTicket(ctx context.Context, pumpID string, ticketNo int64) (*domain.FuelSale, error)
	Get(ctx context.Context, id string) (*domain.FuelSale, error)
	MarkPaid(ctx context.Context, id, paymentID string) (bool, error)
	MarkDeclined(ctx context.Context, id string) error
}

type fuelRepo struct{ q Querier }

const fuelCols = `id, pump_id, ticket_no, product, litres::float8, unit_price_cents, amount_cents,
	COALESCE(boater_id::text, ''), payment_method, status, COALESCE(payment_id::text, ''), sold_at`

func scanFuel(row interface{ Scan(...any) error }) (*domain.FuelSale, error) {
	var s domain.FuelSale
	if err := row.Scan(&s.ID, &s.PumpID, &s.TicketNo, &s.Product, &s.Litres, &s.UnitPriceCents, &s.AmountCents,
		&s.BoaterID, &s.PaymentMethod, &s.Status, &s.PaymentID, &s.SoldAt); err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *fuelRepo) InsertSale(ctx context.Context, s *domain.FuelSale) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		INSERT INTO fuel_sales (id, pump_id, ticket_no, product, litres, unit_price_cents, amount_cents,
		                        boater_id, payment_method, status, sold_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)
		ON CONFLICT (pump_id, ticket_no) DO NOTHING`,
		s.ID, s.PumpID, s.TicketNo, s.Product, s.Litres, s.UnitPriceCents, s.AmountCents,
		nullable(s.BoaterID), s.PaymentMethod, s.SoldAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *fuelRepo) GetByTicket(ctx context.Context, pumpID string, ticketNo int64) (*domain.FuelSale, error) {
	return scanFuel(r.q.QueryRow(ctx, `SELECT `+fuelCols+` FROM fuel_sales WHERE pump_id = $1 AND ticket_no = $2`, pumpID, ticketNo))
}

func (r *fuelRepo) Get(ctx context.Context, id string) (*domain.FuelSale, error) {
	return scanFuel(r.q.QueryRow(ctx, `SELECT `+fuelCols+` FROM fuel_sales WHERE id = $1`, id))
}

func (r *fuelRepo) MarkPaid(ctx context.Context, id, paymentID string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE fuel_sales SET status = 'paid', payment_id = $2
		WHERE id = $1 AND status = 'pending'`, id, paymentID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *fuelRepo) MarkDeclined(ctx context.Context, id string) error {
	_, err := r.q.Exec(ctx, `UPDATE fuel_sales SET status = 'declined' WHERE id = $1 AND status = 'pending'`, id)
	return err
}
