// Package membership handles sign-ups, age verification, member credits and
// cancellations.
package membership

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
	"github.com/vinoteca/wineclub/internal/providers/ageverify"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the membership provider set.
var ProviderSet = wire.NewSet(New)

// MinimumAge is the legal drinking age checked at sign-up.
const MinimumAge = 21

// AgeChecker is the age verification vendor.
type AgeChecker interface {
	Check(ctx context.Context, req ageverify.Request) (*ageverify.Result, error)
}

// AllocationReleaser gives back stock held for a member's open allocations.
type AllocationReleaser interface {
	ReleaseForMember(ctx context.Context, memberID string) (int, error)
}

// Service is the membership service.
type Service struct {
	db          *gorm.DB
	members     *store.Members
	keys        *store.Keys
	credits     *store.Credits
	ages        AgeChecker
	payments    payments.Gateway
	allocations AllocationReleaser
	log         *slog.Logger
}

// New builds the service.
func New(db *gorm.DB, members *store.Members, keys *store.Keys, credits *store.Credits,
	ages AgeChecker, gw payments.Gateway, alloc AllocationReleaser, log *slog.Logger) *Service {
	return &Service{db: db, members: members, keys: keys, credits: credits, ages: ages, payments: gw, allocations: alloc, log: log}
}

// SignUpInput is a new member application.
type SignUpInput struct {
	IdempotencyKey  string
	Email           string
	FirstName       string
	LastName        string
	Phone           string
	BirthDate       time.Time
	Tier            string
	ShipState       string
	AddressLine1    string
	AddressLine2    string
	City            string
	PostalCode      string
	PaymentMethodID string
}

const signupScope = "member.signup"

// SignUp creates a member. Repeating a request with the same idempotency key
// returns the member created by the first one.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (*models.Member, error) {
	if !ShipsTo(in.ShipState) {
		return nil, httpx.Errorf(http.StatusUnprocessableEntity, "we cannot ship wine to %s", in.ShipState)
	}
	var member *models.Member
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		key, fresh, err := s.keys.Claim(tx, signupScope, in.IdempotencyKey)
		if err != nil {
			return err
		}
		if !fresh {
			if key.ResourceID == nil {
				return httpx.Errorf(http.StatusConflict, "sign-up with this key is in progress")
			}
			member, err = s.members.GetForUpdate(tx, *key.ResourceID)
			return err
		}
		m := &models.Member{
			ID:           idgen.MemberID(),
			Email:        strings.ToLower(strings.TrimSpace(in.Email)),
			FirstName:    in.FirstName,
			LastName:     in.LastName,
			Phone:        in.Phone,
			BirthDate:    in.BirthDate,
			Tier:         defaultTier(in.Tier),
			Status:       models.MemberPendingVerification,
			ShipState:    strings.ToUpper(in.ShipState),
			AddressLine1: in.AddressLine1,
			AddressLine2: in.AddressLine2,
			City:         in.City,
			PostalCode:   in.PostalCode,
		}
		if in.PaymentMethodID != "" {
			m.PaymentMethodID = &in.PaymentMethodID
		}
		inserted, err := s.members.Insert(tx, m)
		if err != nil {
			return err
		}
		if !inserted {
			return httpx.Errorf(http.StatusConflict, "a member with this email already exists")
		}
		member = m
		return s.keys.Complete(tx, signupScope, in.IdempotencyKey, m.ID)
	})
	if err != nil {
		return nil, err
	}
	if member.StripeCustomerID == nil {
		if err := s.ensureCustomer(ctx, member); err != nil {
			s.log.WarnContext(ctx, "stripe customer not created yet", "member", member.ID, "err", err)
		}
	}
	return member, nil
}

func (s *Service) ensureCustomer(ctx context.Context, m *models.Member) error {
	id, err := s.payments.CreateCustomer(ctx, payments.CustomerRequest{
		Email:    m.Email,
		Name:     m.FullName(),
		Phone:    m.Phone,
		MemberID: m.ID,
	}, payments.WithIdempotencyKey("customer/"+m.ID))
	if err != nil {
		return err
	}
	m.StripeCustomerID = &id
	return s.members.SetStripeCustomer(ctx, m.ID, id)
}

// VerifyAge runs the vendor check for a member and activates or rejects them.
func (s *Service) VerifyAge(ctx context.Context, memberID string) (*models.AgeVerification, error) {
	m, err := s.members.Get(ctx, memberID)
	if err != nil {
		if database.IsNotFound(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	res, err := s.ages.Check(ctx, ageverify.Request{
		FirstName:  m.FirstName,
		LastName:   m.LastName,
		DOB:        m.BirthDate.Format("2006-01-02"),
		Line1:      m.AddressLine1,
		City:       m.City,
		State:      m.ShipState,
		PostalCode: m.PostalCode,
		MinimumAge: MinimumAge,
	})
	if err != nil {
		return nil, err
	}
	v := &models.AgeVerification{
		MemberID:      m.ID,
		VendorCheckID: res.CheckID,
		Outcome:       res.Outcome,
		Score:         res.Score,
		CheckedAt:     res.CheckedAt,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.members.UpsertAgeVerification(tx, v); err != nil {
			return err
		}
		if m.Status != models.MemberPendingVerification {
			return nil
		}
		switch res.Outcome {
		case ageverify.OutcomePass:
			return s.members.SetStatus(tx, m.ID, models.MemberActive)
		case ageverify.OutcomeFail:
			return s.members.SetStatus(tx, m.ID, models.MemberRejected)
		}
		return nil
	})
	return v, err
}

// IssueCreditInput is a goodwill credit from member services.
type IssueCreditInput struct {
	MemberID      string
	AmountCents   int64
	Reason        string
	IssuedBy      string
	ExpiresInDays int
}

// IssueCredit grants store credit to a member.
func (s *Service) IssueCredit(ctx context.Context, in IssueCreditInput) (*models.MemberCredit, error) {
	credit := &models.MemberCredit{
		ID:          uuid.New(),
		MemberID:    in.MemberID,
		AmountCents: in.AmountCents,
		Source:      models.CreditGoodwill,
		Reason:      in.Reason,
		IssuedBy:    in.IssuedBy,
		Status:      "open",
		ExpiresAt:   expiry(in.ExpiresInDays),
		CreatedAt:   time.Now().UTC(),
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.members.GetForUpdate(tx, in.MemberID); err != nil {
			if database.IsNotFound(err) {
				return httpx.ErrNotFound
			}
			return err
		}
		if err := s.credits.Insert(tx, credit); err != nil {
			return err
		}
		return s.members.AdjustCredit(tx, in.MemberID, in.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return credit, nil
}

// ReferralBonusCents is the credit a member earns per referred member.
const ReferralBonusCents = 2500

// RewardReferral credits the referrer once the referred member is active.
// Each referred member earns a single bonus.
func (s *Service) RewardReferral(ctx context.Context, referrerID, referredID string) (bool, error) {
	if referrerID == referredID {
		return false, httpx.Errorf(http.StatusUnprocessableEntity, "members cannot refer themselves")
	}
	var granted bool
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		referred, err := s.members.GetForUpdate(tx, referredID)
		if err != nil {
			return err
		}
		if referred.Status != models.MemberActive {
			return httpx.Errorf(http.StatusConflict, "referred member is not active yet")
		}
		bonus := &models.ReferralBonus{
			ID:               uuid.New(),
			ReferrerID:       referrerID,
			ReferredMemberID: referredID,
			AmountCents:      ReferralBonusCents,
			CreatedAt:        time.Now().UTC(),
		}
		ok, err := s.credits.InsertReferral(tx, bonus)
		if err != nil || !ok {
			return err
		}
		credit := &models.MemberCredit{
			ID:          uuid.New(),
			MemberID:    referrerID,
			AmountCents: ReferralBonusCents,
			Source:      models.CreditReferral,
			Reason:      "referral " + referredID,
			IssuedBy:    "system",
			Status:      "open",
			ExpiresAt:   expiry(365),
			CreatedAt:   time.Now().UTC(),
		}
		if err := s.credits.Insert(tx, credit); err != nil {
			return err
		}
		granted = true
		return s.members.AdjustCredit(tx, referrerID, ReferralBonusCents)
	})
	return granted, err
}

// Cancel ends a membership, releasing stock held for open allocations.
func (s *Service) Cancel(ctx context.Context, memberID, reason, actor string) (*models.Member, error) {
	m, err := s.members.Get(ctx, memberID)
	if err != nil {
		if database.IsNotFound(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	if m.Status == models.MemberCancelled {
		return m, nil
	}

	released, err := s.allocations.ReleaseForMember(ctx, memberID)
	if err != nil {
		return nil, fmt.Errorf("release allocations: %w", err)
	}

	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.members.GetForUpdate(tx, memberID); err != nil {
			return err
		}
		if err := s.members.SetStatus(tx, memberID, models.MemberCancelled); err != nil {
			return err
		}
		return tx.Exec(`UPDATE allocations SET status = 'skipped', updated_at = now()
			WHERE member_id = ? AND status = 'pending'`, memberID).Error
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "membership cancelled", "member", memberID, "by", actor, "reason", reason, "released_bottles", released)
	m.Status = models.MemberCancelled
	return m, nil
}

// Get loads a member.
func (s *Service) Get(ctx context.Context, id string) (*models.Member, error) {
	m, err := s.members.Get(ctx, id)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, httpx.ErrNotFound
	}
	return m, err
}

func expiry(days int) *time.Time {
	if days <= 0 {
		return nil
	}
	t := time.Now().UTC().AddDate(0, 0, days)
	return &t
}

func defaultTier(t string) string {
	if t == "" {
		return "classic"
	}
	return t
}
