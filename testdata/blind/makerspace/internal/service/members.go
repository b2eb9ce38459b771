package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
	"github.com/kerfhall/makerspace/internal/repository"
)

// MembershipService manages members, their accounts and guest passes.
type MembershipService struct {
	tx       dbx.TxManager
	members  repository.MemberRepository
	accounts repository.AccountRepository
	idem     repository.IdempotencyRepository
	passes   repository.GuestPassRepository
	door     GuestPassIssuer
	zones    ZoneMap
	newID    IDFunc
	now      Clock
}

// NewMembershipService wires a MembershipService.
func NewMembershipService(
	tx dbx.TxManager,
	members repository.MemberRepository,
	accounts repository.AccountRepository,
	idem repository.IdempotencyRepository,
	passes repository.GuestPassRepository,
	door GuestPassIssuer,
	zones ZoneMap,
	newID IDFunc,
	now Clock,
) *MembershipService {
	return &MembershipService{tx: tx, members: members, accounts: accounts, idem: idem,
		passes: passes, door: door, zones: zones, newID: newID, now: now}
}

// RegisterMemberRequest signs up a new member.
type RegisterMemberRequest struct {
	IdempotencyKey      string  `header:"Idempotency-Key" json:"-"`
	Email               string  `json:"email"`
	FullName            string  `json:"full_name"`
	Phone               *string `json:"phone,omitempty"`
	Plan                string  `json:"plan"`
	MonthlyDuesCents    int64   `json:"monthly_dues_cents"`
	ProcessorCustomerID string  `json:"processor_customer_id"`
	PaymentMethodID     string  `json:"payment_method_id"`
}

func (r *RegisterMemberRequest) Validate() error {
	if r.IdempotencyKey == "" {
		return domain.Invalid("Idempotency-Key", "header is required")
	}
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return domain.Invalid("email", "not a valid address")
	}
	if strings.TrimSpace(r.FullName) == "" {
		return domain.Invalid("full_name", "required")
	}
	if r.MonthlyDuesCents <= 0 {
		return domain.Invalid("monthly_dues_cents", "must be positive")
	}
	if r.Plan == "" {
		r.Plan = "standard"
	}
	return nil
}

const scopeRegister = "members.register"

// Register creates the member and their account. The Idempotency-Key is
// claimed in the same transaction, so a retried sign-up returns the member the
// first attempt created.
func (s *MembershipService) Register(ctx context.Context, req RegisterMemberRequest) (*domain.Member, error) {
	fingerprint := req
	fingerprint.IdempotencyKey = ""
	hash := requestHash(fingerprint)

	var out *domain.Member
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		prev, err := s.idem.Claim(ctx, scopeRegister, req.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if prev != nil {
			if prev.RequestHash != hash {
				return domain.ErrIdempotencyReuse
			}
			if prev.ResourceID == nil {
				return fmt.Errorf("registration %s still in progress: %w", req.IdempotencyKey, domain.ErrConflict)
			}
			out, err = s.members.Get(ctx, *prev.ResourceID)
			return err
		}

		now := s.now()
		m := &domain.Member{
			ID:               s.newID(),
			Email:            strings.ToLower(strings.TrimSpace(req.Email)),
			FullName:         strings.TrimSpace(req.FullName),
			Phone:            req.Phone,
			Plan:             req.Plan,
			Status:           domain.MemberActive,
			MonthlyDuesCents: req.MonthlyDuesCents,
			CreatedAt:        now,
			UpdatedAt:        now,
		}
		if req.ProcessorCustomerID != "" {
			m.ProcessorCustomerID = &req.ProcessorCustomerID
		}
		if req.PaymentMethodID != "" {
			m.DefaultPaymentMethod = &req.PaymentMethodID
		}
		if err := s.members.Create(ctx, m); err != nil {
			return err
		}
		if err := s.accounts.Open(ctx, m.ID); err != nil {
			return err
		}
		body, _ := json.Marshal(m)
		if err := s.idem.Complete(ctx, scopeRegister, req.IdempotencyKey, m.ID, body); err != nil {
			return err
		}
		out = m
		return nil
	})
	return out, err
}

// UpdateProfileRequest replaces a member's editable profile fields.
type UpdateProfileRequest struct {
	MemberID string  `uri:"id" json:"-"`
	FullName string  `json:"full_name"`
	Phone    *string `json:"phone"`
	Plan     string  `json:"plan"`
}

func (r *UpdateProfileRequest) Validate() error {
	if strings.TrimSpace(r.FullName) == "" {
		return domain.Invalid("full_name", "required")
	}
	if r.Plan == "" {
		return domain.Invalid("plan", "required")
	}
	return nil
}

// UpdateProfile overwrites the profile; repeating it leaves the same row.
func (s *MembershipService) UpdateProfile(ctx context.Context, req UpdateProfileRequest) (*domain.Member, error) {
	return s.members.UpdateProfile(ctx, req.MemberID, domain.ProfileUpdate{
		FullName: strings.TrimSpace(req.FullName),
		Phone:    req.Phone,
		Plan:     req.Plan,
	}, s.now())
}

// GetMember returns a member.
func (s *MembershipService) GetMember(ctx context.Context, req MemberRef) (*domain.Member, error) {
	return s.members.Get(ctx, req.MemberID)
}

// GetAccount returns a member's balances.
func (s *MembershipService) GetAccount(ctx context.Context, req MemberRef) (*domain.Account, error) {
	return s.accounts.Get(ctx, req.MemberID)
}

// MemberRef addresses a member by path parameter.
type MemberRef struct {
	MemberID string `uri:"id" json:"-"`
}

// IssueGuestPassRequest asks for a door PIN for a member's guest.
type IssueGuestPassRequest struct {
	MemberID   string    `uri:"id" json:"-"`
	GuestName  string    `json:"guest_name"`
	ValidFrom  time.Time `json:"valid_from"`
	ValidUntil time.Time `json:"valid_until"`
}

// GuestPassResponse carries the PIN, which is shown once and never stored.
type GuestPassResponse struct {
	Pass *domain.GuestPass `json:"pass"`
	PIN  string            `json:"pin"`
}

const maxGuestPassSpan = 12 * time.Hour

// IssueGuestPass mints a guest PIN at the door vendor and records it.
func (s *MembershipService) IssueGuestPass(ctx context.Context, req IssueGuestPassRequest) (*GuestPassResponse, error) {
	if strings.TrimSpace(req.GuestName) == "" {
		return nil, domain.Invalid("guest_name", "required")
	}
	if !req.ValidUntil.After(req.ValidFrom) || req.ValidUntil.Sub(req.ValidFrom) > maxGuestPassSpan {
		return nil, domain.Invalid("valid_until", "pass must last between 0 and %s", maxGuestPassSpan)
	}
	m, err := s.members.Get(ctx, req.MemberID)
	if err != nil {
		return nil, err
	}
	if m.Status != domain.MemberActive {
		return nil, domain.ErrMemberInactive
	}
	active, err := s.passes.ListActive(ctx, m.ID, s.now())
	if err != nil {
		return nil, err
	}
	if len(active) >= 3 {
		return nil, fmt.Errorf("member already has %d active guest passes: %w", len(active), domain.ErrConflict)
	}

	minted, err := s.door.IssueGuestPass(ctx, doorctl.GuestPassRequest{
		HostMemberRef: doorctl.MemberRef(m.ID),
		GuestName:     req.GuestName,
		ValidFrom:     req.ValidFrom,
		ValidUntil:    req.ValidUntil,
		Zones:         []string{"front-door", "commons"},
	})
	if err != nil {
		return nil, fmt.Errorf("issue guest pass: %w", err)
	}

	gp := &domain.GuestPass{
		ID:           s.newID(),
		MemberID:     m.ID,
		GuestName:    req.GuestName,
		VendorPassID: minted.ID,
		PinLast4:     last4(minted.PIN),
		ValidFrom:    req.ValidFrom,
		ValidUntil:   req.ValidUntil,
		CreatedAt:    s.now(),
	}
	if err := s.passes.Insert(ctx, gp); err != nil {
		return nil, fmt.Errorf("record guest pass %s: %w", minted.ID, err)
	}
	return &GuestPassResponse{Pass: gp, PIN: minted.PIN}, nil
}

// CreditAdjustmentRequest is a front-desk credit or debit on a member's account.
type CreditAdjustmentRequest struct {
	MemberID    string `uri:"id" json:"-"`
	StaffID     string `header:"X-Staff-Id" json:"-"`
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
}

func (r *CreditAdjustmentRequest) Validate() error {
	if r.StaffID == "" {
		return domain.Invalid("X-Staff-Id", "header is required")
	}
	if r.AmountCents == 0 {
		return domain.Invalid("amount_cents", "must not be zero")
	}
	if strings.TrimSpace(r.Memo) == "" {
		return domain.Invalid("memo", "required for audit")
	}
	return nil
}

// AdjustCredit applies a manual credit adjustment and writes the audit entry.
func (s *MembershipService) AdjustCredit(ctx context.Context, req CreditAdjustmentRequest) (*domain.Account, error) {
	var acct *domain.Account
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.accounts.AddCredit(ctx, req.MemberID, req.AmountCents); err != nil {
			return err
		}
		staff := req.StaffID
		if err := s.accounts.AppendLedger(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    req.MemberID,
			Kind:        domain.LedgerCredit,
			AmountCents: req.AmountCents,
			Memo:        req.Memo,
			CreatedBy:   &staff,
			CreatedAt:   s.now(),
		}); err != nil {
			return err
		}
		var err error
		acct, err = s.accounts.Get(ctx, req.MemberID)
		return err
	})
	return acct, err
}

func last4(pin string) string {
	if len(pin) <= 4 {
		return pin
	}
	return pin[len(pin)-4:]
}
