// Package member implements enrolment and profile operations.
package member

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"net/mail"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)

// Service enrols members and maintains their profile.
type Service struct {
	members ports.Members
	ledger  ports.Ledger
	events  ports.EventPublisher
}

// NewService returns a Service.
func NewService(members ports.Members, ledger ports.Ledger, events ports.EventPublisher) *Service {
	return &Service{members: members, ledger: ledger, events: events}
}

// EnrollRequest is the body of POST /members.
type EnrollRequest struct {
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

// Validate checks the request.
func (r *EnrollRequest) Validate() error {
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return fmt.Errorf("email: %w", err)
	}
	if r.Phone != "" && !e164.MatchString(r.Phone) {
		return fmt.Errorf("phone must be E.164")
	}
	if strings.TrimSpace(r.FirstName) == "" || strings.TrimSpace(r.LastName) == "" {
		return fmt.Errorf("name is required")
	}
	return nil
}

// Enroll creates a member, or returns the member already enrolled with the
// same email.
func (s *Service) Enroll(ctx context.Context, req EnrollRequest) (domain.Member, bool, error) {
	number, err := newMemberNumber()
	if err != nil {
		return domain.Member{}, false, err
	}
	m, created, err := s.members.Enroll(ctx, domain.Member{
		ID:        uuid.NewString(),
		Number:    number,
		Email:     strings.ToLower(strings.TrimSpace(req.Email)),
		Phone:     req.Phone,
		FirstName: strings.TrimSpace(req.FirstName),
		LastName:  strings.TrimSpace(req.LastName),
	})
	if err != nil {
		return domain.Member{}, false, err
	}
	err = s.events.Publish(ctx, "member.enrolled", m.ID, "member-enrolled-"+m.ID, map[string]string{
		"memberId":     m.ID,
		"memberNumber": m.Number,
	})
	return m, created, err
}

// Account is a member with recent activity.
type Account struct {
	Member   domain.Member
	Recent   []domain.LedgerEntry
	NextTier *TierProgress
}

// TierProgress tells how far a member is from the next tier.
type TierProgress struct {
	Tier          domain.Tier `json:"tier"`
	MilesRequired int64       `json:"milesRequired"`
}

// Account loads a member's balance and latest ledger entries.
func (s *Service) Account(ctx context.Context, memberID string) (Account, error) {
	m, err := s.members.Get(ctx, memberID)
	if err != nil {
		return Account{}, err
	}
	recent, err := s.ledger.Recent(ctx, memberID, 20)
	if err != nil {
		return Account{}, err
	}
	acc := Account{Member: m, Recent: recent}
	for i := len(domain.TierThresholds) - 1; i >= 0; i-- {
		t := domain.TierThresholds[i]
		if t.Tier.Rank() > m.Tier.Rank() {
			acc.NextTier = &TierProgress{Tier: t.Tier, MilesRequired: max(t.Miles-m.TierMiles, 0)}
			break
		}
	}
	return acc, nil
}

// PhoneRequest is the body of PUT /members/{id}/phone.
type PhoneRequest struct {
	Phone    string `json:"phone"`
	SMSOptIn bool   `json:"smsOptIn"`
}

// Validate checks the request.
func (r *PhoneRequest) Validate() error {
	if !e164.MatchString(r.Phone) {
		return fmt.Errorf("phone must be E.164")
	}
	return nil
}

// UpdatePhone replaces the member's SMS number.
func (s *Service) UpdatePhone(ctx context.Context, memberID string, req PhoneRequest) error {
	return s.members.UpdatePhone(ctx, memberID, req.Phone, req.SMSOptIn)
}

func newMemberNumber() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("NW%09d", n.Int64()), nil
}
