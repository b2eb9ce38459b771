package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Groups interface {
	Insert(ctx context.Context, db bun.IDB, g *model.GroupBooking) error
	Get(ctx context.Context, db bun.IDB, id string) (*model.GroupBooking, error)
	SetInvoice(ctx context.Context, db bun.IDB, id, invoiceID string) error
	SetDeposit(ctx context.Context, db bun.IDB, id, piID string) error
	ListMonthlyActive(ctx context.Context, db bun.IDB, periodStart, periodEnd time.Time) ([]*model.GroupBooking, error)
}

type groupRepo struct{}

func NewGroups() Groups { return groupRepo{} }

func (groupRepo) Insert(ctx context.Context, db bun.IDB, g *model.GroupBooking) error {
	_, err := db.NewInsert().Model(g).Exec(ctx)
	return err
}

func (groupRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.GroupBooking, error) {
	g := new(model.GroupBooking)
	if err := db.NewSelect().Model(g).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return g, nil
}

func (groupRepo) SetInvoice(ctx context.Context, db bun.IDB, id, invoiceID string) error {
	_, err := db.NewUpdate().Model((*model.GroupBooking)(nil)).
		Set("invoice_id = ?", invoiceID).
		Set("status = ?", model.GroupConfirmed).
		Where("id = ? AND invoice_id IS NULL", id).
		Exec(ctx)
	return err
}

func (groupRepo) SetDeposit(ctx context.Context, db bun.IDB, id, piID string) error {
	_, err := db.NewUpdate().Model((*model.GroupBooking)(nil)).
		Set("deposit_payment_intent_id = ?", piID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (groupRepo) ListMonthlyActive(ctx context.Context, db bun.IDB, periodStart, periodEnd time.Time) ([]*model.GroupBooking, error) {
	var out []*model.GroupBooking
	err := db.NewSelect().Model(&out).
		Where("billing = ?", model.BillingMonthly).
		Where("status = ?", model.GroupConfirmed).
		Where("visit_date <= ? AND end_date >= ?", periodEnd.Format(time.DateOnly), periodStart.Format(time.DateOnly)).
		Order("created_at").
		Scan(ctx)
	return out, err
}

type GroupInvoices interface {
	Insert(ctx context.Context, db bun.IDB, inv *model.GroupInvoice) error
	SetProviderID(ctx context.Context, db bun.IDB, id, providerID string) error
	ListOverdue(ctx context.Context, db bun.IDB, asOf time.Time, belowStage int) ([]*model.GroupInvoice, error)
	SetReminderStage(ctx context.Context, db bun.IDB, ids []string, stage int) error
	Get(ctx context.Context, db bun.IDB, id string) (*model.GroupInvoice, error)
}

type groupInvoiceRepo struct{}

func NewGroupInvoices() GroupInvoices { return groupInvoiceRepo{} }

func (groupInvoiceRepo) Insert(ctx context.Context, db bun.IDB, inv *model.GroupInvoice) error {
	_, err := db.NewInsert().Model(inv).Exec(ctx)
	return err
}

func (groupInvoiceRepo) SetProviderID(ctx context.Context, db bun.IDB, id, providerID string) error {
	_, err := db.NewUpdate().Model((*model.GroupInvoice)(nil)).
		Set("provider_invoice_id = ?", providerID).
		Set("status = 'issued'").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (groupInvoiceRepo) ListOverdue(ctx context.Context, db bun.IDB, asOf time.Time, belowStage int) ([]*model.GroupInvoice, error) {
	var out []*model.GroupInvoice
	err := db.NewSelect().Model(&out).
		Where("status = 'issued'").
		Where("due_date < ?", asOf.Format(time.DateOnly)).
		Where("reminder_stage < ?", belowStage).
		Order("due_date").
		Scan(ctx)
	return out, err
}

func (groupInvoiceRepo) SetReminderStage(ctx context.Context, db bun.IDB, ids []string, stage int) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.NewUpdate().Model((*model.GroupInvoice)(nil)).
		Set("reminder_stage = ?", stage).
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}

func (groupInvoiceRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.GroupInvoice, error) {
	inv := new(model.GroupInvoice)
	if err := db.NewSelect().Model(inv).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return inv, nil
}
