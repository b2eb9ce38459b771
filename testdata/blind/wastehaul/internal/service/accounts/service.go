// Package accounts manages customers, their saved cards and account credit.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/providers/payments"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the accounts use-case surface.
type Service interface {
	CreateCustomer(ctx context.Context, in NewCustomer) (store.Customer, bool, error)
	AttachPaymentMethod(ctx context.Context, customerID, providerPMID string, makeDefault bool) (store.PaymentMethod, error)
	IssueCredit(ctx context.Context, in Credit) (store.LedgerEntry, error)
}

// PaymentMethodLookup reads card details from the payments provider.
type PaymentMethodLookup interface {
	GetPaymentMethod(ctx context.Context, id string) (*payments.PaymentMethod, error)
}

// NewCustomer is the input to CreateCustomer.
type NewCustomer struct {
	AccountNumber    string
	Name             string
	Phone            string
	Email            string
	ProviderCustomer string
	Autopay          bool
}

// Credit is a manual goodwill or correction credit.
type Credit struct {
	CustomerID  string
	AmountCents int64
	Memo        string
	Actor       string
}

// ErrCardMismatch is returned when a card belongs to another provider customer.
var ErrCardMismatch = errors.New("payment method belongs to a different customer")

type service struct {
	db        *store.DB
	customers store.Customers
	ledger    store.Ledger
	pms       PaymentMethodLookup
}

// New returns the accounts service.
func New(db *store.DB, customers store.Customers, ledger store.Ledger, pms PaymentMethodLookup) Service {
	return &service{db: db, customers: customers, ledger: ledger, pms: pms}
}

func (s *service) CreateCustomer(ctx context.Context, in NewCustomer) (store.Customer, bool, error) {
	c := store.Customer{
		ID:            idgen.New(),
		AccountNumber: strings.ToUpper(strings.TrimSpace(in.AccountNumber)),
		Name:          in.Name,
		Phone:         optional(in.Phone),
		Email:         optional(in.Email),
		Autopay:       in.Autopay,
	}
	if in.ProviderCustomer != "" {
		c.ProviderCustomer = &in.ProviderCustomer
	}
	return s.customers.InsertIfAbsent(ctx, s.db.Q(), c)
}

func (s *service) AttachPaymentMethod(ctx context.Context, customerID, providerPMID string, makeDefault bool) (store.PaymentMethod, error) {
	cust, err := s.customers.Get(ctx, s.db.Q(), customerID)
	if err != nil {
		return store.PaymentMethod{}, err
	}
	pm, err := s.pms.GetPaymentMethod(ctx, providerPMID)
	if err != nil {
		return store.PaymentMethod{}, fmt.Errorf("lookup payment method: %w", err)
	}
	if cust.ProviderCustomer == nil || pm.Customer != *cust.ProviderCustomer {
		return store.PaymentMethod{}, ErrCardMismatch
	}
	return store.TxResult(ctx, s.db, func(tx pgx.Tx) (store.PaymentMethod, error) {
		return s.customers.UpsertPaymentMethod(ctx, tx, store.PaymentMethod{
			ID:           uuid.New(),
			CustomerID:   cust.ID,
			ProviderPMID: pm.ID,
			Brand:        pm.Card.Brand,
			Last4:        pm.Card.Last4,
			ExpMonth:     pm.Card.ExpMonth,
			ExpYear:      pm.Card.ExpYear,
			IsDefault:    makeDefault,
		})
	})
}

func (s *service) IssueCredit(ctx context.Context, in Credit) (store.LedgerEntry, error) {
	if in.AmountCents <= 0 {
		return store.LedgerEntry{}, fmt.Errorf("credit amount must be positive")
	}
	return store.TxResult(ctx, s.db, func(tx pgx.Tx) (store.LedgerEntry, error) {
		if err := s.customers.AddCredit(ctx, tx, in.CustomerID, in.AmountCents); err != nil {
			return store.LedgerEntry{}, err
		}
		return s.ledger.Insert(ctx, tx, store.LedgerEntry{
			ID:          idgen.New(),
			CustomerID:  in.CustomerID,
			Kind:        store.LedgerManualCredit,
			AmountCents: in.AmountCents,
			Memo:        optional(in.Memo),
			CreatedBy:   optional(in.Actor),
		})
	})
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
