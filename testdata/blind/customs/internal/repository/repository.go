// Package repository contains gorm-backed persistence behind interfaces.
package repository

import (
	"context"
	"errors"

	"go.uber.org/fx"
	"gorm.io/gorm"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("repository: not found")

// Transactor runs a function inside a database transaction.
type Transactor interface {
	InTx(ctx context.Context, fn func(tx *gorm.DB) error) error
}

type gormTransactor struct{ db *gorm.DB }

// NewTransactor returns a Transactor over db.
func NewTransactor(db *gorm.DB) *gormTransactor { return &gormTransactor{db: db} }

func (t *gormTransactor) InTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return t.db.WithContext(ctx).Transaction(fn)
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

// Module provides every repository under its interface.
var Module = fx.Module("repository",
	fx.Provide(
		fx.Annotate(NewTransactor, fx.As(new(Transactor))),
		fx.Annotate(NewImporterRepo, fx.As(new(ImporterRepository))),
		fx.Annotate(NewShipmentRepo, fx.As(new(ShipmentRepository))),
		fx.Annotate(NewDocumentRepo, fx.As(new(DocumentRepository))),
		fx.Annotate(NewDeclarationRepo, fx.As(new(DeclarationRepository))),
		fx.Annotate(NewPaymentRepo, fx.As(new(PaymentRepository))),
		fx.Annotate(NewInspectionRepo, fx.As(new(InspectionRepository))),
		fx.Annotate(NewBillingRepo, fx.As(new(BillingRepository))),
		fx.Annotate(NewIdempotencyRepo, fx.As(new(IdempotencyRepository))),
		fx.Annotate(NewInboxRepo, fx.As(new(InboxRepository))),
		fx.Annotate(NewTariffRepo, fx.As(new(TariffRepository))),
		fx.Annotate(NewAuditRepo, fx.As(new(AuditRepository))),
	),
)
