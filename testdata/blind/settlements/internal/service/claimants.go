package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/mail"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/platform/ids"
	"github.com/trustwell/settlements/internal/providers/achpay"
)

// ClaimantService manages claimants and their payout details.
type ClaimantService interface {
	Add(ctx context.Context, settlementID string, in AddClaimantInput) (*domain.Claimant, bool, error)
	AttachBankAccount(ctx context.Context, claimantID string, in BankAccountInput) (*domain.Claimant, error)
}

// AddClaimantInput is the payload for adding a claimant.
type AddClaimantInput struct {
	ExternalRef  string `json:"external_ref"`
	FullName     string `json:"full_name"`
	Email        string `json:"email"`
	SharePoints  int    `json:"share_points"`
	AddressLine1 string `json:"address_line1"`
	AddressLine2 string `json:"address_line2"`
	City         string `json:"city"`
	State        string `json:"state"`
	PostalCode   string `json:"postal_code"`
}

// BankAccountInput is a claimant's payout account.
type BankAccountInput struct {
	RoutingNumber string `json:"routing_number"`
	AccountNumber string `json:"account_number"`
	AccountType   string `json:"account_type"`
}

type claimantService struct {
	db          *sqlx.DB
	settlements SettlementRepository
	claimants   ClaimantRepository
	ach         ACHPayments
	newID       func() string
	now         func() time.Time
}

// NewClaimantService builds the ClaimantService.
func NewClaimantService(d Deps) *claimantService {
	return &claimantService{
		db:          d.DB,
		settlements: d.Settlements,
		claimants:   d.Claimants,
		ach:         d.ACH,
		newID:       d.IDs.Func("clm"),
		now:         clock,
	}
}

func (s *claimantService) Add(ctx context.Context, settlementID string, in AddClaimantInput) (*domain.Claimant, bool, error) {
	in.ExternalRef = strings.TrimSpace(in.ExternalRef)
	if in.ExternalRef == "" {
		return nil, false, domain.Invalid("external_ref", "is required")
	}
	if strings.TrimSpace(in.FullName) == "" {
		return nil, false, domain.Invalid("full_name", "is required")
	}
	if _, err := mail.ParseAddress(in.Email); err != nil {
		return nil, false, domain.Invalid("email", "is not a valid address")
	}
	if in.SharePoints <= 0 {
		return nil, false, domain.Invalid("share_points", "must be positive")
	}
	st, err := s.settlements.Get(ctx, s.db, settlementID)
	if err != nil {
		return nil, false, err
	}
	switch st.Status {
	case domain.SettlementOpen, domain.SettlementFunded, domain.SettlementAllocated:
	default:
		return nil, false, domainStateErr("claimants cannot be added once a settlement is approved")
	}
	c := &domain.Claimant{
		ID:           s.newID(),
		SettlementID: settlementID,
		ExternalRef:  in.ExternalRef,
		FullName:     strings.TrimSpace(in.FullName),
		Email:        strings.ToLower(strings.TrimSpace(in.Email)),
		SharePoints:  in.SharePoints,
		AddressLine1: in.AddressLine1,
		AddressLine2: in.AddressLine2,
		City:         in.City,
		State:        in.State,
		PostalCode:   in.PostalCode,
		CreatedAt:    s.now(),
	}
	return s.claimants.InsertIfAbsent(ctx, s.db, c)
}

func (s *claimantService) AttachBankAccount(ctx context.Context, claimantID string, in BankAccountInput) (*domain.Claimant, error) {
	if len(in.RoutingNumber) != 9 || !abaChecksumOK(in.RoutingNumber) {
		return nil, domain.Invalid("routing_number", "is not a valid ABA routing number")
	}
	if l := len(in.AccountNumber); l < 4 || l > 17 {
		return nil, domain.Invalid("account_number", "must be 4 to 17 digits")
	}
	if in.AccountType != "checking" && in.AccountType != "savings" {
		return nil, domain.Invalid("account_type", "must be checking or savings")
	}
	c, err := s.claimants.Get(ctx, s.db, claimantID)
	if err != nil {
		return nil, err
	}
	fp := bankFingerprint(in.RoutingNumber, in.AccountNumber)
	if c.ACHRecipientID != nil && c.BankFingerprint != nil && *c.BankFingerprint == fp {
		return c, nil
	}

	// The key is derived from the claimant and the account itself, so a
	// resubmitted form maps onto the recipient created the first time.
	key := ids.Derive("ach-recipient", c.ID, fp)
	rec, err := s.ach.CreateRecipient(ctx, achpay.RecipientRequest{
		Name:          c.FullName,
		Email:         c.Email,
		RoutingNumber: in.RoutingNumber,
		AccountNumber: in.AccountNumber,
		AccountType:   in.AccountType,
		Metadata:      map[string]string{"claimant_id": c.ID, "settlement_id": c.SettlementID},
	}, key)
	if err != nil {
		return nil, err
	}
	if err := s.claimants.SetRecipient(ctx, s.db, c.ID, rec.ID, fp); err != nil {
		return nil, err
	}
	c.ACHRecipientID = &rec.ID
	c.BankFingerprint = &fp
	return c, nil
}

func bankFingerprint(routing, account string) string {
	sum := sha256.Sum256([]byte(routing + ":" + account))
	return hex.EncodeToString(sum[:16])
}

// abaChecksumOK validates the ABA routing-number check digit.
func abaChecksumOK(rtn string) bool {
	weights := []int{3, 7, 1, 3, 7, 1, 3, 7, 1}
	total := 0
	for i, r := range rtn {
		if r < '0' || r > '9' {
			return false
		}
		total += int(r-'0') * weights[i]
	}
	return total%10 == 0
}
