package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Billing implements billing.Repository.
type Billing struct {
	db *pgtx.Manager
}

// NewBilling returns the repository.
func NewBilling(db *pgtx.Manager) *Billing { return &Billing{db: db} }

func (r *Billing) BillableContracts(ctx context.Context, period string) ([]store.BillableContract, error) {
	return r.db.Queries(ctx).ListBillableContracts(ctx, period)
}

func (r *Billing) InvoiceExists(ctx context.Context, contractID uuid.UUID, period string) (bool, error) {
	return r.db.Queries(ctx).InvoiceExists(ctx, contractID, period)
}

func (r *Billing) SaveInvoice(ctx context.Context, contractID uuid.UUID, period string, amountCents int64) error {
	return r.db.Queries(ctx).InsertInvoice(ctx, contractID, period, amountCents)
}

// Contracts implements contract.Repository.
type Contracts struct {
	db *pgtx.Manager
}

// NewContracts returns the repository.
func NewContracts(db *pgtx.Manager) *Contracts { return &Contracts{db: db} }

func (r *Contracts) Contract(ctx context.Context, id uuid.UUID) (store.Contract, error) {
	return r.db.Queries(ctx).GetContract(ctx, id)
}

func (r *Contracts) Activate(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.db.Queries(ctx).ActivateContract(ctx, id)
	return n == 1, err
}

func (r *Contracts) Extend(ctx context.Context, id uuid.UUID, endsOn time.Time) (bool, error) {
	n, err := r.db.Queries(ctx).ExtendContract(ctx, store.ExtendContractParams{ID: id, EndsOn: endsOn})
	return n == 1, err
}

func (r *Contracts) AddCharge(ctx context.Context, p store.InsertContractChargeParams) error {
	return r.db.Queries(ctx).InsertContractCharge(ctx, p)
}

func (r *Contracts) Lifts(ctx context.Context, contractID uuid.UUID) ([]store.Lift, error) {
	return r.db.Queries(ctx).ListContractLifts(ctx, contractID)
}

func (r *Contracts) ScheduleInspection(ctx context.Context, liftID, contractID uuid.UUID, dueOn time.Time) error {
	return r.db.Queries(ctx).ScheduleInspection(ctx, liftID, contractID, dueOn)
}
