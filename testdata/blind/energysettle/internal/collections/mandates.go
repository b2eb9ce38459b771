package collections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/provider/gocardless"
)

// MandateRepository is what MandateService needs from storage.
type MandateRepository interface {
	GetAccount(ctx context.Context, id string) (*model.Account, error)
	InsertMandate(ctx context.Context, m *model.Mandate) error
}

// MandateProvider creates payers, bank accounts and mandates.
type MandateProvider interface {
	CreateCustomer(ctx context.Context, p gocardless.CustomerParams, opts ...gocardless.RequestOption) (*gocardless.Customer, error)
	CreateCustomerBankAccount(ctx context.Context, p gocardless.CustomerBankAccountParams, opts ...gocardless.RequestOption) (*gocardless.CustomerBankAccount, error)
	CreateMandate(ctx context.Context, p gocardless.MandateParams, opts ...gocardless.RequestOption) (*gocardless.Mandate, error)
}

// MandateRequest carries the bank details taken by the contact centre.
type MandateRequest struct {
	AccountID         string `json:"account_id"`
	AccountHolderName string `json:"account_holder_name"`
	SortCode          string `json:"sort_code"`
	AccountNumber     string `json:"account_number"`
	AddressLine1      string `json:"address_line1"`
	City              string `json:"city"`
	PostalCode        string `json:"postal_code"`
}

// MandateService sets up Direct Debit mandates.
type MandateService struct {
	repo  MandateRepository
	gc    MandateProvider
	newID func() string
	now   func() time.Time
	log   *slog.Logger
}

// NewMandateService wires a MandateService.
func NewMandateService(repo MandateRepository, gc MandateProvider, newID func() string, now func() time.Time, log *slog.Logger) *MandateService {
	return &MandateService{repo: repo, gc: gc, newID: newID, now: now, log: log}
}

// Create sets up a BACS mandate for an account. A new mandate replaces any
// earlier one when the customer changes bank; the provider cancels the old
// mandate when the new one goes active and its event updates our row.
func (s *MandateService) Create(ctx context.Context, req MandateRequest) (*model.Mandate, error) {
	if err := validateBankDetails(req); err != nil {
		return nil, err
	}
	acct, err := s.repo.GetAccount(ctx, req.AccountID)
	if errors.Is(err, model.ErrNotFound) {
		return nil, fmt.Errorf("%w: unknown account", ErrInvalid)
	}
	if err != nil {
		return nil, err
	}
	given, family := splitName(acct.Name)
	cust, err := s.gc.CreateCustomer(ctx, gocardless.CustomerParams{
		Email:        acct.Email,
		GivenName:    given,
		FamilyName:   family,
		AddressLine1: req.AddressLine1,
		City:         req.City,
		PostalCode:   req.PostalCode,
		CountryCode:  "GB",
		Metadata:     map[string]string{"account_number": acct.AccountNumber},
	})
	if err != nil {
		return nil, fmt.Errorf("create payer: %w", err)
	}
	bankParams := gocardless.CustomerBankAccountParams{
		AccountHolderName: req.AccountHolderName,
		AccountNumber:     req.AccountNumber,
		BranchCode:        strings.ReplaceAll(req.SortCode, "-", ""),
		CountryCode:       "GB",
	}
	bankParams.Links.Customer = cust.ID
	bank, err := s.gc.CreateCustomerBankAccount(ctx, bankParams)
	if err != nil {
		return nil, fmt.Errorf("add bank account: %w", err)
	}
	mandateParams := gocardless.MandateParams{
		Scheme:   "bacs",
		Metadata: map[string]string{"account_id": acct.ID},
	}
	mandateParams.Links.CustomerBankAccount = bank.ID
	gm, err := s.gc.CreateMandate(ctx, mandateParams)
	if err != nil {
		return nil, fmt.Errorf("create mandate: %w", err)
	}

	now := s.now()
	m := &model.Mandate{
		ID:                 s.newID(),
		AccountID:          acct.ID,
		ProviderMandateID:  gm.ID,
		ProviderCustomerID: cust.ID,
		Scheme:             gm.Scheme,
		Status:             gm.Status,
		CreatedAt:          now,
		UpdatedAt:          now,
	}
	if err := s.repo.InsertMandate(ctx, m); err != nil {
		return nil, fmt.Errorf("store mandate %s: %w", gm.ID, err)
	}
	s.log.Info("mandate created", "account_id", acct.ID, "provider_mandate_id", gm.ID)
	return m, nil
}

func validateBankDetails(req MandateRequest) error {
	sc := strings.ReplaceAll(req.SortCode, "-", "")
	switch {
	case req.AccountID == "":
		return fmt.Errorf("%w: account_id is required", ErrInvalid)
	case len(sc) != 6 || !digits(sc):
		return fmt.Errorf("%w: sort code must be 6 digits", ErrInvalid)
	case len(req.AccountNumber) != 8 || !digits(req.AccountNumber):
		return fmt.Errorf("%w: account number must be 8 digits", ErrInvalid)
	case strings.TrimSpace(req.AccountHolderName) == "":
		return fmt.Errorf("%w: account holder name is required", ErrInvalid)
	}
	return nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func splitName(full string) (string, string) {
	parts := strings.Fields(full)
	if len(parts) < 2 {
		return full, ""
	}
	return strings.Join(parts[:len(parts)-1], " "), parts[len(parts)-1]
}
