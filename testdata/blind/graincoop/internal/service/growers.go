package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/prairiegold/graincoop/internal/domain"
)

type GrowerService struct {
	growers GrowerRegistry
	now     Clock
}

func NewGrowerService(g GrowerRegistry, now Clock) *GrowerService {
	return &GrowerService{growers: g, now: now}
}

type RegisterGrowerInput struct {
	MemberNo         string `json:"member_no" binding:"required"`
	LegalName        string `json:"legal_name" binding:"required"`
	TaxIDLast4       string `json:"tax_id_last4" binding:"omitempty,len=4,numeric"`
	Email            string `json:"email" binding:"omitempty,email"`
	Phone            string `json:"phone"`
	SMSOptIn         bool   `json:"sms_opt_in"`
	PortalWebhookURL string `json:"portal_webhook_url" binding:"omitempty,url"`
	PortalSecret     string `json:"portal_secret"`
}

// Register enrols a member grower. Member numbers are issued by the
// cooperative's membership office; registering the same member twice
// returns the existing record.
func (s *GrowerService) Register(ctx context.Context, in RegisterGrowerInput) (*domain.Grower, bool, error) {
	now := s.now()
	g := &domain.Grower{
		MemberNo:         strings.ToUpper(strings.TrimSpace(in.MemberNo)),
		LegalName:        strings.TrimSpace(in.LegalName),
		TaxIDLast4:       in.TaxIDLast4,
		Email:            strings.ToLower(in.Email),
		Phone:            normalizePhone(in.Phone),
		SMSOptIn:         in.SMSOptIn,
		PortalWebhookURL: in.PortalWebhookURL,
		PortalSecret:     in.PortalSecret,
		Status:           domain.GrowerActive,
		CreatedAt:        now,
		UpdatedAt:        now,
	}
	created, err := s.growers.Register(ctx, g)
	if err != nil {
		return nil, false, fmt.Errorf("register grower: %w", err)
	}
	if created {
		return g, true, nil
	}
	existing, err := s.growers.ByMemberNo(ctx, g.MemberNo)
	if err != nil {
		return nil, false, notFound(err)
	}
	return existing, false, nil
}

func (s *GrowerService) Get(ctx context.Context, id int64) (*domain.Grower, error) {
	g, err := s.growers.Get(ctx, id)
	return g, notFound(err)
}

func normalizePhone(p string) string {
	var b strings.Builder
	for _, r := range p {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	d := b.String()
	if len(d) == 10 {
		return "+1" + d
	}
	if len(d) == 11 && d[0] == '1' {
		return "+" + d
	}
	return d
}

func seasonBounds(season int) (time.Time, time.Time) {
	// Crop year runs September 1 through August 31.
	from := time.Date(season, time.September, 1, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(1, 0, 0)
}
