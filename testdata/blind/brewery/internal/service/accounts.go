package service

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/store"
)

// AccountService onboards and maintains trade accounts.
type AccountService struct {
	db       store.Querier
	accounts AccountStore
	newID    func() string
}

// NewAccountService constructs an AccountService.
func NewAccountService(db store.Querier, accounts AccountStore) *AccountService {
	return &AccountService{db: db, accounts: accounts, newID: ids.NewXID}
}

// CreateAccountInput is the onboarding form.
type CreateAccountInput struct {
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	LicenseNumber string `json:"license_number"`
	State         string `json:"state"`
	ACHCustomerID string `json:"ach_customer_id"`
	Autopay       bool   `json:"autopay"`
	EDIPartnerID  string `json:"edi_partner_id"`
}

var licensePattern = regexp.MustCompile(`^[A-Z0-9-]{4,32}$`)

// Create onboards an account. Accounts are unique by liquor license; when
// the license is already on file the existing account is returned with
// created=false.
func (s *AccountService) Create(ctx context.Context, in CreateAccountInput) (domain.Account, bool, error) {
	in.LicenseNumber = strings.ToUpper(strings.TrimSpace(in.LicenseNumber))
	if in.Name == "" || !licensePattern.MatchString(in.LicenseNumber) || len(in.State) != 2 {
		return domain.Account{}, false, fmt.Errorf("name, license_number and state are required: %w", domain.ErrInvalid)
	}
	kind := domain.AccountKind(in.Kind)
	switch kind {
	case domain.AccountRetailer, domain.AccountBar, domain.AccountDistributor:
	default:
		return domain.Account{}, false, fmt.Errorf("kind %q: %w", in.Kind, domain.ErrInvalid)
	}
	if in.Autopay && in.ACHCustomerID == "" {
		return domain.Account{}, false, fmt.Errorf("autopay requires ach_customer_id: %w", domain.ErrInvalid)
	}
	a := domain.Account{
		ID:            s.newID(),
		Name:          in.Name,
		Kind:          kind,
		LicenseNumber: in.LicenseNumber,
		State:         strings.ToUpper(in.State),
		ACHCustomerID: in.ACHCustomerID,
		Autopay:       in.Autopay,
		EDIPartnerID:  in.EDIPartnerID,
		LoyaltyTier:   "standard",
	}
	created, err := s.accounts.InsertIfAbsent(ctx, s.db, a)
	if err != nil {
		return domain.Account{}, false, err
	}
	stored, err := s.accounts.GetByLicense(ctx, s.db, a.LicenseNumber)
	if err != nil {
		return domain.Account{}, false, err
	}
	return stored, created, nil
}

// Get loads an account.
func (s *AccountService) Get(ctx context.Context, id string) (domain.Account, error) {
	a, err := s.accounts.Get(ctx, s.db, id)
	return a, mapNotFound(err, "account")
}

// DeliveryWindow is the receiving window a bar or shop accepts deliveries in.
type DeliveryWindow struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Notes string `json:"notes"`
}

var hhmm = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

// SetDeliveryWindow replaces the account's delivery window.
func (s *AccountService) SetDeliveryWindow(ctx context.Context, id string, w DeliveryWindow) (domain.Account, error) {
	if !hhmm.MatchString(w.Start) || !hhmm.MatchString(w.End) || w.Start >= w.End {
		return domain.Account{}, fmt.Errorf("window must be HH:MM with start before end: %w", domain.ErrInvalid)
	}
	ok, err := s.accounts.SetDeliveryWindow(ctx, s.db, id, w.Start, w.End, w.Notes)
	if err != nil {
		return domain.Account{}, err
	}
	if !ok {
		return domain.Account{}, fmt.Errorf("account %s: %w", id, domain.ErrNotFound)
	}
	return s.Get(ctx, id)
}
