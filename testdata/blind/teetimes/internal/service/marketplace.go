package service

import (
	"context"
	"fmt"
	"net/mail"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// ContractorInput registers a caddie or coach.
type ContractorInput struct {
	Kind            string
	FullName        string
	Email           string
	Phone           string
	StripeAccountID string
	HourlyRateCents int64
}

// BookSessionInput books a contractor's time.
type BookSessionInput struct {
	ContractorID    string
	MemberID        string
	BookingID       string
	StartsAt        time.Time
	DurationMinutes int
}

// SessionResult is a session awaiting payment.
type SessionResult struct {
	Session      *domain.CoachSession
	ClientSecret string
}

// Marketplace runs the caddie and coaching marketplace.
type Marketplace interface {
	RegisterContractor(ctx context.Context, in ContractorInput) (*domain.Contractor, error)
	BookSession(ctx context.Context, sessionID string, in BookSessionInput) (*SessionResult, error)
	CompleteSession(ctx context.Context, sessionID string) (*domain.ContractorPayout, error)
	PayContractor(ctx context.Context, payoutID string) error
}

// MarketplaceParams are the dependencies of the marketplace service.
type MarketplaceParams struct {
	fx.In

	Config      *config.Config
	Log         *zap.Logger
	UoW         db.UnitOfWork
	Contractors store.ContractorStore
	Sessions    store.SessionStore
	Payouts     store.PayoutStore
	Members     store.MemberStore
	Payments    payments.Client
	Jobs        queue.Enqueuer
}

type marketplaceService struct {
	cfg         *config.Config
	log         *zap.Logger
	uow         db.UnitOfWork
	contractors store.ContractorStore
	sessions    store.SessionStore
	payouts     store.PayoutStore
	members     store.MemberStore
	payments    payments.Client
	jobs        queue.Enqueuer

	newID ids.Func
	now   func() time.Time
}

// NewMarketplaceService builds the marketplace service.
func NewMarketplaceService(p MarketplaceParams) *marketplaceService {
	return &marketplaceService{
		cfg:         p.Config,
		log:         p.Log.Named("marketplace"),
		uow:         p.UoW,
		contractors: p.Contractors,
		sessions:    p.Sessions,
		payouts:     p.Payouts,
		members:     p.Members,
		payments:    p.Payments,
		jobs:        p.Jobs,
		newID:       ids.NewULID,
		now:         func() time.Time { return time.Now().UTC() },
	}
}

// RegisterContractor creates or refreshes a contractor keyed by email.
func (s *marketplaceService) RegisterContractor(ctx context.Context, in ContractorInput) (*domain.Contractor, error) {
	if in.Kind != domain.ContractorCaddie && in.Kind != domain.ContractorCoach {
		return nil, invalid("kind must be caddie or coach")
	}
	if _, err := mail.ParseAddress(in.Email); err != nil {
		return nil, invalid("email is not a valid address")
	}
	if in.StripeAccountID == "" || in.HourlyRateCents <= 0 {
		return nil, invalid("stripe_account_id and hourly_rate_cents are required")
	}
	now := s.now()
	return s.contractors.UpsertByEmail(ctx, &domain.Contractor{
		ID:              s.newID(),
		Kind:            in.Kind,
		FullName:        in.FullName,
		Email:           in.Email,
		Phone:           in.Phone,
		StripeAccountID: in.StripeAccountID,
		HourlyRateCents: in.HourlyRateCents,
		CommissionBps:   s.cfg.MarketplaceFeeBps,
		Active:          true,
		CreatedAt:       now,
		UpdatedAt:       now,
	})
}

// BookSession records the session under sessionID and opens a
// PaymentIntent for it.
func (s *marketplaceService) BookSession(ctx context.Context, sessionID string, in BookSessionInput) (*SessionResult, error) {
	if in.DurationMinutes < 30 || in.DurationMinutes > 300 || in.DurationMinutes%15 != 0 {
		return nil, invalid("duration_minutes must be 30-300 in steps of 15")
	}
	if !in.StartsAt.After(s.now()) {
		return nil, invalid("starts_at must be in the future")
	}
	c, err := s.contractors.Get(ctx, in.ContractorID)
	if err != nil {
		return nil, notFoundOr(err, "contractor")
	}
	if !c.Active {
		return nil, conflict("%s is not taking bookings", c.FullName)
	}
	member, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return nil, notFoundOr(err, "member")
	}

	now := s.now()
	sess := &domain.CoachSession{
		ID:              sessionID,
		ContractorID:    c.ID,
		MemberID:        member.ID,
		StartsAt:        in.StartsAt,
		DurationMinutes: in.DurationMinutes,
		PriceCents:      c.HourlyRateCents * int64(in.DurationMinutes) / 60,
		Currency:        s.cfg.DefaultCurrency,
		Status:          domain.SessionRequested,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	if in.BookingID != "" {
		sess.BookingID = strPtr(in.BookingID)
	}
	if err := s.sessions.Create(ctx, sess); err != nil {
		return nil, err
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, payments.PaymentIntentRequest{
		AmountCents:  sess.PriceCents,
		Currency:     sess.Currency,
		CustomerID:   deref(member.StripeCustomerID),
		Description:  fmt.Sprintf("%s session with %s", c.Kind, c.FullName),
		ReceiptEmail: member.Email,
		Metadata: map[string]string{
			"kind":       "coach_session",
			"session_id": sess.ID,
		},
		IdempotencyKey: payments.Key("coach-session", sess.ID),
	})
	if err != nil {
		return nil, fmt.Errorf("session %s payment intent: %w", sess.ID, err)
	}
	if _, err := s.sessions.Update(ctx, sess.ID, map[string]any{"payment_intent_id": pi.ID, "updated_at": now}); err != nil {
		return nil, err
	}
	sess.PaymentIntentID = &pi.ID
	return &SessionResult{Session: sess, ClientSecret: pi.ClientSecret}, nil
}

// CompleteSession closes a paid session and queues the contractor's
// payout. The state change, the payout row and the job commit together.
func (s *marketplaceService) CompleteSession(ctx context.Context, sessionID string) (*domain.ContractorPayout, error) {
	var out *domain.ContractorPayout
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		now := s.now()
		n, err := s.sessions.UpdateWhere(ctx,
			map[string]any{"status": domain.SessionCompleted, "completed_at": now, "updated_at": now},
			"id = ? AND status = ?", sessionID, domain.SessionConfirmed)
		if err != nil {
			return err
		}
		sess, err := s.sessions.Get(ctx, sessionID)
		if err != nil {
			return notFoundOr(err, "session")
		}
		if n == 0 {
			if sess.Status == domain.SessionCompleted {
				out, err = s.payouts.FindOne(ctx, "session_id = ?", sess.ID)
				return err
			}
			return conflict("a %s session cannot be completed", sess.Status)
		}
		c, err := s.contractors.Get(ctx, sess.ContractorID)
		if err != nil {
			return err
		}
		payout := &domain.ContractorPayout{
			ID:           ids.Derive("session-payout", sess.ID),
			SessionID:    sess.ID,
			ContractorID: c.ID,
			AmountCents:  sess.PriceCents * (10000 - c.CommissionBps) / 10000,
			Currency:     sess.Currency,
			Status:       domain.PayoutPending,
			CreatedAt:    now,
		}
		created, err := s.payouts.CreateIgnoreConflict(ctx, payout, "session_id")
		if err != nil {
			return err
		}
		if created {
			if _, err := s.jobs.EnqueueTx(ctx, queue.ContractorPayoutArgs{PayoutID: payout.ID}); err != nil {
				return err
			}
		}
		out = payout
		return nil
	})
	return out, err
}

// PayContractor transfers a pending payout to the contractor's connected
// account.
func (s *marketplaceService) PayContractor(ctx context.Context, payoutID string) error {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return notFoundOr(err, "payout")
	}
	if p.Status == domain.PayoutPaid {
		return nil
	}
	c, err := s.contractors.Get(ctx, p.ContractorID)
	if err != nil {
		return err
	}
	tr, err := s.payments.Transfer(ctx, payments.TransferRequest{
		DestinationAccount: c.StripeAccountID,
		AmountCents:        p.AmountCents,
		Currency:           p.Currency,
		TransferGroup:      "session_" + p.SessionID,
		Description:        fmt.Sprintf("%s session %s", c.Kind, p.SessionID),
		Metadata: map[string]string{
			"payout_id":  p.ID,
			"session_id": p.SessionID,
		},
	})
	if err != nil {
		return fmt.Errorf("payout %s transfer: %w", p.ID, err)
	}
	now := s.now()
	if _, err := s.payouts.Update(ctx, p.ID, map[string]any{
		"status": domain.PayoutPaid, "transfer_id": tr.ID, "paid_at": now,
	}); err != nil {
		return fmt.Errorf("record payout %s transfer %s: %w", p.ID, tr.ID, err)
	}
	s.log.Info("contractor paid", zap.String("payout_id", p.ID), zap.String("transfer_id", tr.ID))
	return nil
}
