// Package billing handles memberships, day passes, one-off charges and the
// monthly invoicing jobs.
package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/payments"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// Errors returned by the billing services.
var (
	ErrNotFound          = errors.New("not found")
	ErrNoPaymentProfile  = errors.New("member has no payment profile")
	ErrAlreadySubscribed = errors.New("member already has an open membership on another plan")
	ErrChargeKeyMismatch = errors.New("idempotency key was used for another member")
)

// MembershipService manages monthly memberships.
type MembershipService interface {
	Subscribe(ctx context.Context, memberID uuid.UUID, planID string) (db.Membership, error)
	Cancel(ctx context.Context, memberID, membershipID uuid.UUID) error
}

type membershipService struct {
	store    store.Store
	payments payments.Gateway
	enqueuer tasks.Enqueuer
	log      *slog.Logger
}

// NewMembershipService builds the membership service.
func NewMembershipService(s store.Store, pg payments.Gateway, enq tasks.Enqueuer, log *slog.Logger) MembershipService {
	return &membershipService{store: s, payments: pg, enqueuer: enq, log: log}
}

func (s *membershipService) Subscribe(ctx context.Context, memberID uuid.UUID, planID string) (db.Membership, error) {
	member, err := s.store.GetMember(ctx, memberID)
	if err != nil {
		if store.IsNotFound(err) {
			return db.Membership{}, ErrNotFound
		}
		return db.Membership{}, err
	}
	if !member.StripeCustomerID.Valid {
		return db.Membership{}, ErrNoPaymentProfile
	}
	plan, err := s.store.GetPlan(ctx, planID)
	if err != nil {
		if store.IsNotFound(err) {
			return db.Membership{}, ErrNotFound
		}
		return db.Membership{}, err
	}

	m, err := s.store.InsertMembership(ctx, db.InsertMembershipParams{
		ID:       idgen.NewID(),
		MemberID: memberID,
		PlanID:   plan.ID,
	})
	if store.IsNotFound(err) {
		m, err = s.store.GetOpenMembershipForMember(ctx, memberID)
		if err == nil && m.PlanID != plan.ID {
			return db.Membership{}, ErrAlreadySubscribed
		}
	}
	if err != nil {
		return db.Membership{}, fmt.Errorf("open membership: %w", err)
	}
	if m.StripeSubscriptionID.Valid {
		return m, nil
	}

	sub, err := s.payments.CreateSubscription(ctx, member.StripeCustomerID.String, plan.StripePriceID,
		payments.WithMetadata("membership_id", m.ID.String()),
		payments.WithMetadata("member_id", member.ID.String()),
	)
	if err != nil {
		return db.Membership{}, err
	}
	m.StripeSubscriptionID = sql.NullString{String: sub.ID, Valid: true}
	if err := s.store.SetMembershipSubscription(ctx, db.SetMembershipSubscriptionParams{
		ID:                   m.ID,
		StripeSubscriptionID: m.StripeSubscriptionID,
	}); err != nil {
		return db.Membership{}, fmt.Errorf("save subscription: %w", err)
	}
	return m, nil
}

func (s *membershipService) Cancel(ctx context.Context, memberID, membershipID uuid.UUID) error {
	m, err := s.store.GetMembership(ctx, membershipID)
	if store.IsNotFound(err) || (err == nil && m.MemberID != memberID) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}

	if m.StripeSubscriptionID.Valid {
		if err := s.payments.CancelSubscription(ctx, m.StripeSubscriptionID.String,
			payments.WithIdempotencyKey(idgen.Derived("cancel-membership", m.ID.String())),
		); err != nil {
			return err
		}
	}
	if _, err := s.store.CancelMembership(ctx, m.ID); err != nil {
		return fmt.Errorf("cancel membership: %w", err)
	}

	t, err := tasks.New(tasks.TypeRevokeCards, tasks.MembershipPayload{MembershipID: m.ID},
		asynq.TaskID(idgen.Derived("revoke-cards", m.ID.String())),
		asynq.Queue(tasks.QueueCritical),
	)
	if err != nil {
		return err
	}
	return s.enqueuer.Enqueue(ctx, t)
}
