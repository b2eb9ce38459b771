package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// DriverRepo exposes driver and rider profile data the money services need.
type DriverRepo interface {
	Get(ctx context.Context, id uuid.UUID) (db.Driver, error)
	Freeze(ctx context.Context, id uuid.UUID) (bool, error)
	// ApplyBankAccount stores a verified bank account and the matching payee
	// id together. Updates older than the stored version are ignored and
	// reported as not applied.
	ApplyBankAccount(ctx context.Context, p db.UpsertBankAccountParams, payeeID string) (bool, error)
	UpsertRiderPaymentMethod(ctx context.Context, p db.UpsertRiderPaymentMethodParams) error
	GetRiderPaymentMethod(ctx context.Context, riderID uuid.UUID) (db.RiderPaymentMethod, error)
}

type driverRepo struct {
	sqldb *sql.DB
	q     *db.Queries
}

// NewDriverRepo returns a DriverRepo over the pool.
func NewDriverRepo(sqldb *sql.DB) DriverRepo {
	return &driverRepo{sqldb: sqldb, q: db.New(sqldb)}
}

func (r *driverRepo) Get(ctx context.Context, id uuid.UUID) (db.Driver, error) {
	return r.q.GetDriver(ctx, id)
}

func (r *driverRepo) Freeze(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.q.FreezeDriverPayouts(ctx, id)
	return n > 0, err
}

func (r *driverRepo) ApplyBankAccount(ctx context.Context, p db.UpsertBankAccountParams, payeeID string) (bool, error) {
	applied := false
	err := WithTx(ctx, r.sqldb, func(q *db.Queries) error {
		n, err := q.UpsertBankAccount(ctx, p)
		if err != nil || n == 0 {
			return err
		}
		applied = true
		return q.UpsertDriverPayee(ctx, db.UpsertDriverPayeeParams{ID: p.DriverID, PayeeID: payeeID})
	})
	return applied, err
}

func (r *driverRepo) UpsertRiderPaymentMethod(ctx context.Context, p db.UpsertRiderPaymentMethodParams) error {
	return r.q.UpsertRiderPaymentMethod(ctx, p)
}

func (r *driverRepo) GetRiderPaymentMethod(ctx context.Context, riderID uuid.UUID) (db.RiderPaymentMethod, error) {
	return r.q.GetRiderPaymentMethod(ctx, riderID)
}
