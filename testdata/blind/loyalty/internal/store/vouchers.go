package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

type Vouchers struct {
	q db.Querier
}

func NewVouchers(pool *pgxpool.Pool) *Vouchers {
	return &Vouchers{q: db.New(pool)}
}

func (r *Vouchers) GetByCode(ctx context.Context, code string) (db.Voucher, error) {
	v, err := r.q.GetVoucherByCode(ctx, code)
	return v, notFound(err)
}

func (r *Vouchers) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.q.SetVoucherStatus(ctx, db.SetVoucherStatusParams{ID: id, Status: status})
}
