// Package payments implements deposits, stored payment methods and the
// handling of payments-provider webhooks.
package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	provider "github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/svcerr"
)

// ErrPaymentDeclined is returned when the provider declines a charge.
var ErrPaymentDeclined = errors.New("payment declined")

// Service is the payments use-case boundary.
type Service interface {
	AddPaymentMethod(ctx context.Context, importerID string, in MethodInput) (*domain.PaymentMethod, error)
	TakeDeposit(ctx context.Context, importerID, shipmentID string, in DepositInput) (*domain.Deposit, error)
	HandleProviderEvent(ctx context.Context, evt provider.Event) error
}

// MethodInput registers a tokenised card or mandate.
type MethodInput struct {
	Token       string `json:"token" binding:"required"`
	MakeDefault bool   `json:"make_default"`
}

// DepositInput takes a duty deposit for a shipment.
type DepositInput struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx        repository.Transactor
	Importers repository.ImporterRepository
	Shipments repository.ShipmentRepository
	Payments  repository.PaymentRepository
	Inbox     repository.InboxRepository
	Provider  provider.Provider
	Log       *slog.Logger
}

type service struct{ Deps }

// New returns the payments service.
func New(d Deps) *service { return &service{Deps: d} }

func (s *service) AddPaymentMethod(ctx context.Context, importerID string, in MethodInput) (*domain.PaymentMethod, error) {
	imp, err := s.Importers.Get(ctx, importerID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}

	customerID := ""
	if imp.PaymentsCustomerID != nil {
		customerID = *imp.PaymentsCustomerID
	}
	if customerID == "" {
		cust, err := s.Provider.CreateCustomer(ctx, provider.CustomerParams{
			Name:     imp.Name,
			Email:    imp.BillingEmail,
			Metadata: map[string]string{"importer_id": imp.ID, "eori": imp.EORI},
		})
		if err != nil {
			return nil, fmt.Errorf("create payments customer: %w", err)
		}
		if err := s.Importers.SetPaymentsCustomerID(ctx, imp.ID, cust.ID); err != nil {
			return nil, err
		}
		customerID = cust.ID
	}

	pm, err := s.Provider.AttachPaymentMethod(ctx, customerID, provider.AttachParams{Token: in.Token},
		provider.WithIdempotencyKey("attach:"+in.Token))
	if err != nil {
		return nil, fmt.Errorf("attach payment method: %w", err)
	}

	method := &domain.PaymentMethod{
		ID:               ids.Derive("pm", pm.ID),
		ImporterID:       imp.ID,
		ProviderMethodID: pm.ID,
		Brand:            pm.Brand,
		Last4:            pm.Last4,
		IsDefault:        in.MakeDefault,
		CreatedAt:        time.Now().UTC(),
	}
	err = s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		pr := s.Payments.WithTx(tx)
		if in.MakeDefault {
			if err := pr.ClearDefault(ctx, imp.ID); err != nil {
				return err
			}
		}
		return pr.CreatePaymentMethod(ctx, method)
	})
	if err != nil {
		return nil, err
	}
	return method, nil
}

// TakeDeposit charges a duty deposit against the importer's default payment
// method. The shipment's deposit balance is credited when the provider
// confirms the charge by webhook.
func (s *service) TakeDeposit(ctx context.Context, importerID, shipmentID string, in DepositInput) (*domain.Deposit, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	if sh.Status == domain.ShipmentCancelled || sh.Status == domain.ShipmentCleared {
		return nil, svcerr.Conflict("shipment is %s", sh.Status)
	}
	imp, err := s.Importers.Get(ctx, importerID)
	if err != nil {
		return nil, err
	}
	if imp.PaymentsCustomerID == nil {
		return nil, svcerr.Invalid("no payment method on file")
	}
	pm, err := s.Payments.DefaultPaymentMethod(ctx, importerID)
	if err != nil {
		return nil, svcerr.Invalid("no default payment method")
	}

	dep := newDeposit(sh, in)
	charge, err := s.Provider.Charge(ctx, provider.ChargeParams{
		CustomerID:  *imp.PaymentsCustomerID,
		MethodID:    pm.ProviderMethodID,
		AmountCents: dep.AmountCents,
		Currency:    dep.Currency,
		Description: "Duty deposit for shipment " + sh.Reference,
		Metadata:    map[string]string{"deposit_id": dep.ID, "shipment_id": sh.ID, "kind": "deposit"},
	}, provider.WithIdempotencyKey(dep.ID))
	if errors.Is(err, provider.ErrDeclined) {
		return nil, fmt.Errorf("%w: %v", ErrPaymentDeclined, err)
	}
	if err != nil {
		return nil, err
	}
	dep.ProviderPaymentID = &charge.ID
	if err := s.Payments.CreateDeposit(ctx, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

func newDeposit(sh *domain.Shipment, in DepositInput) *domain.Deposit {
	return &domain.Deposit{
		ID:          ids.New(ids.Deposit),
		ShipmentID:  sh.ID,
		ImporterID:  sh.ImporterID,
		AmountCents: in.AmountCents,
		Currency:    in.Currency,
		Status:      domain.PaymentPending,
		CreatedAt:   time.Now().UTC(),
	}
}
