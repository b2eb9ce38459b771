// Package suppliers implements supplier onboarding.
package suppliers

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/provider/bank"
	"github.com/northwind/payables/internal/provider/stripepay"
	"github.com/northwind/payables/internal/repo"
)

// OnboardInput is a new supplier.
type OnboardInput struct {
	TenantID    string
	Name        string
	TaxID       string
	Email       string
	Country     string
	CardEnabled bool
}

// BankAccountInput is a supplier payout account.
type BankAccountInput struct {
	Currency      string
	IBAN          string
	AccountNumber string
	RoutingCode   string
	MakeDefault   bool
}

// KYCResult is the outcome of the supplier verification provider.
type KYCResult struct {
	TenantID   string `json:"tenant_id"`
	SupplierID string `json:"supplier_id"`
	Status     string `json:"status"` // approved | rejected
	CheckID    string `json:"check_id"`
}

// Service is the supplier onboarding API.
type Service interface {
	Onboard(ctx context.Context, in OnboardInput) (domain.Supplier, bool, error)
	Get(ctx context.Context, tenantID, id string) (domain.Supplier, error)
	AddBankAccount(ctx context.Context, tenantID, supplierID string, in BankAccountInput) (domain.BankAccount, error)
	CompleteKYC(ctx context.Context, res KYCResult) error
}

type service struct {
	log       *slog.Logger
	tx        database.Transactor
	suppliers repo.SupplierRepo
	outbox    repo.OutboxRepo
	bank      bank.API
	stripe    stripepay.Payments
}

// New returns the supplier Service.
func New(log *slog.Logger, tx database.Transactor, suppliers repo.SupplierRepo, outbox repo.OutboxRepo,
	bankAPI bank.API, stripe stripepay.Payments) Service {
	return &service{log: log, tx: tx, suppliers: suppliers, outbox: outbox, bank: bankAPI, stripe: stripe}
}

func normaliseTaxID(s string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "", ".", "").Replace(s))
}

func (s *service) Onboard(ctx context.Context, in OnboardInput) (domain.Supplier, bool, error) {
	sup := domain.Supplier{
		ID:          ids.NewUUID().String(),
		TenantID:    in.TenantID,
		Name:        in.Name,
		TaxID:       normaliseTaxID(in.TaxID),
		Email:       in.Email,
		Country:     strings.ToUpper(in.Country),
		Status:      domain.SupplierPending,
		CardEnabled: in.CardEnabled,
	}
	var created bool
	err := s.tx.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		created, err = s.suppliers.WithTx(tx).Create(ctx, &sup)
		if err != nil || !created {
			return err
		}
		payload, _ := json.Marshal(sup)
		return s.outbox.WithTx(tx).Add(ctx, domain.OutboxMessage{
			ID:          ids.DeriveString("supplier.created", sup.ID),
			Topic:       "supplier.created",
			AggregateID: sup.ID,
			TenantID:    sup.TenantID,
			Payload:     payload,
		})
	})
	if err != nil {
		return domain.Supplier{}, false, fmt.Errorf("onboard supplier: %w", err)
	}
	return sup, created, nil
}

func (s *service) Get(ctx context.Context, tenantID, id string) (domain.Supplier, error) {
	sup, err := s.suppliers.Get(ctx, tenantID, id)
	if errors.Is(err, database.ErrNotFound) {
		return sup, httpx.NotFound("supplier %s", id)
	}
	return sup, err
}

func fingerprint(in BankAccountInput) string {
	h := sha256.Sum256([]byte(strings.ToUpper(in.IBAN + "|" + in.AccountNumber + "|" + in.RoutingCode)))
	return hex.EncodeToString(h[:])
}

func last4(in BankAccountInput) string {
	n := in.IBAN
	if n == "" {
		n = in.AccountNumber
	}
	if len(n) <= 4 {
		return n
	}
	return n[len(n)-4:]
}

func (s *service) AddBankAccount(ctx context.Context, tenantID, supplierID string, in BankAccountInput) (domain.BankAccount, error) {
	sup, err := s.Get(ctx, tenantID, supplierID)
	if err != nil {
		return domain.BankAccount{}, err
	}
	if sup.Status == domain.SupplierBlocked {
		return domain.BankAccount{}, httpx.Conflict("supplier %s is blocked", sup.ID)
	}
	cp, err := s.bank.CreateCounterparty(ctx, bank.CounterpartyRequest{
		Name:          sup.Name,
		Country:       sup.Country,
		Currency:      in.Currency,
		IBAN:          in.IBAN,
		AccountNumber: in.AccountNumber,
		RoutingCode:   in.RoutingCode,
		Reference:     sup.ID,
	}, bank.WithIdempotencyKey(ids.NewRequestKey()), bank.WithCorrelationID(httpx.RequestIDFrom(ctx)))
	if err != nil {
		return domain.BankAccount{}, fmt.Errorf("register counterparty: %w", err)
	}
	acct := domain.BankAccount{
		ID:             ids.NewUUID().String(),
		SupplierID:     sup.ID,
		Fingerprint:    fingerprint(in),
		Last4:          last4(in),
		Currency:       strings.ToUpper(in.Currency),
		CounterpartyID: cp.ID,
		IsDefault:      in.MakeDefault,
	}
	if err := s.suppliers.UpsertBankAccount(ctx, &acct); err != nil {
		return domain.BankAccount{}, fmt.Errorf("save bank account: %w", err)
	}
	return acct, nil
}

// CompleteKYC applies the verification outcome. Card-enabled suppliers get
// a Stripe Express account so that card payments can be routed to them.
func (s *service) CompleteKYC(ctx context.Context, res KYCResult) error {
	sup, err := s.suppliers.Get(ctx, res.TenantID, res.SupplierID)
	if err != nil {
		return fmt.Errorf("load supplier %s: %w", res.SupplierID, err)
	}
	if res.Status != "approved" {
		s.log.InfoContext(ctx, "supplier failed verification", "supplier_id", sup.ID, "check_id", res.CheckID)
		return s.suppliers.SetStatus(ctx, sup.ID, domain.SupplierBlocked)
	}
	if sup.CardEnabled && sup.StripeAccountID == "" {
		acct, err := s.stripe.CreateConnectedAccount(ctx, stripepay.ConnectedAccount{
			Email:      sup.Email,
			Country:    sup.Country,
			SupplierID: sup.ID,
			TenantID:   sup.TenantID,
		})
		if err != nil {
			return err
		}
		if err := s.suppliers.SetStripeAccount(ctx, sup.ID, acct.ID); err != nil {
			return fmt.Errorf("store stripe account %s for %s: %w", acct.ID, sup.ID, err)
		}
	}
	return s.suppliers.SetStatus(ctx, sup.ID, domain.SupplierVerified)
}
