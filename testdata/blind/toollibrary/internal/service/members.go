package service

import (
	"context"
	"database/sql"
	"errors"
	"net/mail"
	"regexp"
	"strings"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/store"
)

type memberService struct {
	store store.Store
	now   clock.Clock
	newID ids.Generator
}

func NewMemberService(st store.Store, now clock.Clock, newID ids.Generator) MemberService {
	return &memberService{store: st, now: now, newID: newID}
}

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)

func (s *memberService) Register(ctx context.Context, in RegisterMemberInput) (*domain.Member, bool, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	if _, err := mail.ParseAddress(email); err != nil {
		return nil, false, domain.Invalid("email", "not a valid address")
	}
	if !e164.MatchString(in.Phone) {
		return nil, false, domain.Invalid("phone", "must be E.164, e.g. +15125550100")
	}
	if strings.TrimSpace(in.FullName) == "" {
		return nil, false, domain.Invalid("full_name", "required")
	}
	if _, err := s.store.Members().GetBranch(ctx, in.HomeBranchID); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil, false, domain.Invalid("home_branch_id", "unknown branch")
		}
		return nil, false, err
	}

	now := s.now()
	m := &domain.Member{
		ID:              s.newID(),
		HomeBranchID:    in.HomeBranchID,
		Email:           email,
		PhoneE164:       in.Phone,
		FullName:        strings.TrimSpace(in.FullName),
		CardCustomerRef: nullString(in.CardCustomerRef),
		CardPaymentRef:  nullString(in.CardPaymentRef),
		Status:          "active",
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	created, err := s.store.Members().InsertIfAbsent(ctx, m)
	if err != nil {
		return nil, false, err
	}
	if created {
		return m, true, nil
	}
	// Email is the natural key: a second sign-up with the same address
	// returns the existing account.
	existing, err := s.store.Members().GetByEmail(ctx, email)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

func (s *memberService) Get(ctx context.Context, id string) (*domain.Member, error) {
	return s.store.Members().Get(ctx, id)
}

func nullString(v string) sql.NullString {
	return sql.NullString{String: v, Valid: v != ""}
}
