package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
)

type RegisterMemberInput struct {
	Email    string
	FullName string
	Phone    string
}

type LinkCardInput struct {
	MemberID     uuid.UUID
	NetworkToken string
	Fingerprint  string
	Brand        string
	Last4        string
}

type MemberService interface {
	Register(ctx context.Context, in RegisterMemberInput) (domain.Member, error)
	LinkCard(ctx context.Context, in LinkCardInput) (domain.PaymentCard, error)
}

type memberService struct {
	members  MemberStore
	cards    CardStore
	payments PaymentGateway
	cardnet  CardNetwork
	newID    NewIDFunc
	log      *slog.Logger
}

func NewMemberService(members MemberStore, cards CardStore, pay PaymentGateway, cn CardNetwork, newID NewIDFunc, log *slog.Logger) MemberService {
	return &memberService{members: members, cards: cards, payments: pay, cardnet: cn, newID: newID, log: log}
}

// Register creates the member (keyed by email) and their Stripe customer.
// The Stripe call is keyed by the stored member ID, so a retried sign-up
// gets the same customer back.
func (s *memberService) Register(ctx context.Context, in RegisterMemberInput) (domain.Member, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	if email == "" || in.FullName == "" {
		return domain.Member{}, fmt.Errorf("email and full_name are required: %w", domain.ErrValidation)
	}
	m := domain.Member{ID: s.newID(), Email: email, FullName: in.FullName}
	if in.Phone != "" {
		m.Phone = &in.Phone
	}
	stored, _, err := s.members.Upsert(ctx, m)
	if err != nil {
		return domain.Member{}, fmt.Errorf("store member: %w", err)
	}
	if stored.StripeCustomerID != nil {
		return stored, nil
	}
	custID, err := s.payments.CreateCustomer(ctx, payments.CustomerRequest{
		Email:          stored.Email,
		Name:           stored.FullName,
		MemberID:       stored.ID.String(),
		IdempotencyKey: "member-customer:" + stored.ID.String(),
	})
	if err != nil {
		return domain.Member{}, fmt.Errorf("create stripe customer: %w", err)
	}
	current, err := s.members.SetStripeCustomer(ctx, stored.ID, custID)
	if err != nil {
		return domain.Member{}, fmt.Errorf("save stripe customer: %w", err)
	}
	stored.StripeCustomerID = &current
	return stored, nil
}

// LinkCard attaches a premium card to the member and enrols it with the card
// benefits network so card-linked visits can be checked at the door.
func (s *memberService) LinkCard(ctx context.Context, in LinkCardInput) (domain.PaymentCard, error) {
	if in.NetworkToken == "" || in.Fingerprint == "" || len(in.Last4) != 4 {
		return domain.PaymentCard{}, fmt.Errorf("network_token, fingerprint and last4 are required: %w", domain.ErrValidation)
	}
	if _, err := s.members.Get(ctx, in.MemberID); err != nil {
		return domain.PaymentCard{}, err
	}
	card, created, err := s.cards.Link(ctx, domain.PaymentCard{
		ID:           s.newID(),
		MemberID:     in.MemberID,
		Fingerprint:  in.Fingerprint,
		NetworkToken: in.NetworkToken,
		Brand:        in.Brand,
		Last4:        in.Last4,
	})
	if err != nil {
		return domain.PaymentCard{}, fmt.Errorf("link card: %w", err)
	}
	if !created && card.BenefitTier != nil {
		return card, nil
	}
	enr, err := s.cardnet.Enroll(ctx, card.NetworkToken, in.MemberID.String())
	if err != nil {
		return domain.PaymentCard{}, err
	}
	if enr.Tier != "" {
		if err := s.cards.SetBenefitTier(ctx, card.ID, enr.Tier); err != nil {
			return domain.PaymentCard{}, err
		}
		card.BenefitTier = &enr.Tier
	}
	s.log.InfoContext(ctx, "card linked", "member_id", in.MemberID, "card_id", card.ID, "tier", enr.Tier)
	return card, nil
}
