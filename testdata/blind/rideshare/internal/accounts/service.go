// Package accounts keeps the payment-relevant parts of driver and rider
// profiles in sync with the identity and onboarding systems.
package accounts

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/store"
)

// BankAccountUpdate is a verified bank account change from onboarding.
type BankAccountUpdate struct {
	DriverID     uuid.UUID
	PayeeID      string
	AccountToken string
	Last4        string
	Country      string
	Version      int64
}

// PaymentMethod is a rider's default card on file.
type PaymentMethod struct {
	ShopperReference string `json:"shopper_reference" binding:"required"`
	StoredMethodID   string `json:"stored_method_id" binding:"required"`
	Brand            string `json:"brand" binding:"required"`
	Last4            string `json:"last4" binding:"required,len=4"`
}

// Service updates account data.
type Service interface {
	UpdateBankAccount(ctx context.Context, u BankAccountUpdate) error
	Deactivate(ctx context.Context, driverID uuid.UUID, reason string) error
	SetDefaultPaymentMethod(ctx context.Context, riderID uuid.UUID, pm PaymentMethod) error
}

type service struct {
	repo store.DriverRepo
	log  *slog.Logger
}

// NewService wires the accounts service.
func NewService(repo store.DriverRepo, log *slog.Logger) Service {
	return &service{repo: repo, log: log}
}

func (s *service) UpdateBankAccount(ctx context.Context, u BankAccountUpdate) error {
	applied, err := s.repo.ApplyBankAccount(ctx, db.UpsertBankAccountParams{
		DriverID:     u.DriverID,
		AccountToken: u.AccountToken,
		Last4:        u.Last4,
		Country:      u.Country,
		Version:      u.Version,
	}, u.PayeeID)
	if err != nil {
		return fmt.Errorf("upsert bank account for %s: %w", u.DriverID, err)
	}
	if !applied {
		s.log.InfoContext(ctx, "stale bank account update ignored", "driver_id", u.DriverID, "version", u.Version)
		return nil
	}
	s.log.InfoContext(ctx, "bank account updated", "driver_id", u.DriverID, "last4", u.Last4, "version", u.Version)
	return nil
}

func (s *service) Deactivate(ctx context.Context, driverID uuid.UUID, reason string) error {
	changed, err := s.repo.Freeze(ctx, driverID)
	if err != nil {
		return fmt.Errorf("freeze payouts for %s: %w", driverID, err)
	}
	s.log.InfoContext(ctx, "driver deactivated", "driver_id", driverID, "reason", reason, "changed", changed)
	return nil
}

func (s *service) SetDefaultPaymentMethod(ctx context.Context, riderID uuid.UUID, pm PaymentMethod) error {
	return s.repo.UpsertRiderPaymentMethod(ctx, db.UpsertRiderPaymentMethodParams{
		RiderID:          riderID,
		ShopperReference: pm.ShopperReference,
		StoredMethodID:   pm.StoredMethodID,
		Brand:            pm.Brand,
		Last4:            pm.Last4,
	})
}
