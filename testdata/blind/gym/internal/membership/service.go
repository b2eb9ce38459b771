// Package membership handles sign-ups, cancellations and freezes.
package membership

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/idem"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/payments"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

const (
	scopeSignup = "signup"
	scopeFreeze = "freeze"
)

type Service struct {
	pool     *pgxpool.Pool
	tx       txn.Runner
	payments payments.Gateway
	queue    tasks.Queue
	idem     *idem.Store
	log      *slog.Logger
	now      func() time.Time
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, gw payments.Gateway, queue tasks.Queue, store *idem.Store, log *slog.Logger) *Service {
	return &Service{
		pool:     pool,
		tx:       tx,
		payments: gw,
		queue:    queue,
		idem:     store,
		log:      log.With("component", "membership"),
		now:      time.Now,
	}
}

type SignUpInput struct {
	IdempotencyKey string
	Email          string
	Phone          string
	FullName       string
	ClubID         string
	PlanID         string
}

type SignUpResult struct {
	MemberID      uuid.UUID `json:"member_id"`
	MembershipID  uuid.UUID `json:"membership_id"`
	Status        string    `json:"status"`
	PaymentStatus string    `json:"payment_status"`
	NextBillOn    string    `json:"next_bill_on"`
}

type signupState struct {
	member     db.Member
	membership db.Membership
	intent     db.PaymentIntent
}

// SignUp creates the member and membership and takes the first month's fee.
// The Idempotency-Key claims the sign-up in the same transaction that creates
// the rows; the charge carries the payment intent's ID so a repeated request
// resumes the same charge.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (SignUpResult, error) {
	if in.IdempotencyKey == "" {
		return SignUpResult{}, apperr.Invalid("Idempotency-Key header is required")
	}
	reqHash := idem.Hash([]byte(in.Email), []byte(in.PlanID), []byte(in.ClubID))

	var st signupState
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		n, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope: scopeSignup, Key: in.IdempotencyKey, RequestHash: reqHash,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return s.loadExistingSignup(ctx, q, in.IdempotencyKey, reqHash, &st)
		}

		plan, err := q.GetPlan(ctx, in.PlanID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && !plan.Active) {
			return apperr.Invalid("unknown plan")
		}
		if err != nil {
			return err
		}
		st.member, err = q.UpsertMemberByEmail(ctx, db.UpsertMemberByEmailParams{
			ID:         ids.NewV7(),
			Email:      in.Email,
			Phone:      in.Phone,
			FullName:   in.FullName,
			HomeClubID: in.ClubID,
		})
		if err != nil {
			return fmt.Errorf("upsert member: %w", err)
		}
		today := dateOf(s.now())
		st.membership, err = q.CreateMembership(ctx, db.CreateMembershipParams{
			ID:         ids.NewV7(),
			MemberID:   st.member.ID,
			PlanID:     plan.ID,
			Status:     "pending_payment",
			StartedOn:  today,
			NextBillOn: today.AddDate(0, 1, 0),
		})
		if err != nil {
			return fmt.Errorf("create membership: %w", err)
		}
		st.intent, err = q.CreatePaymentIntent(ctx, db.CreatePaymentIntentParams{
			ID:          ids.NewUUID(),
			MemberID:    st.member.ID,
			Purpose:     "signup",
			ReferenceID: st.membership.ID.String(),
			AmountCents: plan.MonthlyPriceCents + plan.SignupFeeCents,
			Currency:    plan.Currency,
		})
		if err != nil {
			return fmt.Errorf("create payment intent: %w", err)
		}
		return q.SetIdempotencyResource(ctx, db.SetIdempotencyResourceParams{
			Scope: scopeSignup, Key: in.IdempotencyKey, ResourceID: st.membership.ID.String(),
		})
	})
	if err != nil {
		return SignUpResult{}, err
	}
	if st.intent.Status != "pending" {
		return st.result(), nil
	}
	return s.collectFirstMonth(ctx, st)
}

func (s *Service) loadExistingSignup(ctx context.Context, q *db.Queries, key, reqHash string, st *signupState) error {
	rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeSignup, Key: key})
	if err != nil {
		return err
	}
	if rec.RequestHash != reqHash {
		return apperr.Conflict("Idempotency-Key reused with a different request")
	}
	msID, err := uuid.Parse(rec.ResourceID)
	if err != nil {
		return apperr.Unavailable("sign-up still in progress")
	}
	if st.membership, err = q.GetMembership(ctx, msID); err != nil {
		return err
	}
	if st.member, err = q.GetMember(ctx, st.membership.MemberID); err != nil {
		return err
	}
	st.intent, err = q.GetPaymentIntentByReference(ctx, db.GetPaymentIntentByReferenceParams{
		Purpose: "signup", ReferenceID: msID.String(),
	})
	return err
}

func (s *Service) collectFirstMonth(ctx context.Context, st signupState) (SignUpResult, error) {
	customerID := st.member.StripeCustomerID
	if customerID == "" {
		var err error
		customerID, err = s.payments.EnsureCustomer(ctx, payments.CustomerRequest{
			MemberID:       st.member.ID.String(),
			Email:          st.member.Email,
			Name:           st.member.FullName,
			IdempotencyKey: ids.Derived("customer", st.member.ID.String()),
		})
		if err != nil {
			return SignUpResult{}, err
		}
		if err := db.New(s.pool).SetMemberStripeCustomer(ctx, db.SetMemberStripeCustomerParams{
			ID: st.member.ID, StripeCustomerID: customerID,
		}); err != nil {
			return SignUpResult{}, err
		}
	}

	res, chargeErr := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:     customerID,
		AmountCents:    st.intent.AmountCents,
		Currency:       st.intent.Currency,
		Description:    "PulseFit membership - first month",
		IdempotencyKey: ids.Derived("signup", st.intent.ID.String()),
		Metadata: map[string]string{
			"membership_id":     st.membership.ID.String(),
			"payment_intent_id": st.intent.ID.String(),
		},
	})
	if chargeErr != nil && !errors.Is(chargeErr, payments.ErrDeclined) {
		return SignUpResult{}, chargeErr
	}

	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		if chargeErr != nil {
			st.intent.Status = "failed"
			_, err := q.MarkPaymentIntentFailed(ctx, db.MarkPaymentIntentFailedParams{
				ID: st.intent.ID, StripeIntentID: res.IntentID, FailureCode: res.FailureCode,
			})
			return err
		}
		st.intent.Status = "succeeded"
		if _, err := q.MarkPaymentIntentSucceeded(ctx, db.MarkPaymentIntentSucceededParams{
			ID: st.intent.ID, StripeIntentID: res.IntentID,
		}); err != nil {
			return err
		}
		if _, err := q.ActivateMembership(ctx, st.membership.ID); err != nil {
			return err
		}
		st.membership.Status = "active"
		return nil
	})
	if err != nil {
		return SignUpResult{}, err
	}
	return st.result(), nil
}

func (st signupState) result() SignUpResult {
	return SignUpResult{
		MemberID:      st.member.ID,
		MembershipID:  st.membership.ID,
		Status:        st.membership.Status,
		PaymentStatus: st.intent.Status,
		NextBillOn:    st.membership.NextBillOn.Format(time.DateOnly),
	}
}

type CancelResult struct {
	MembershipID uuid.UUID `json:"membership_id"`
	Status       string    `json:"status"`
	CanceledAt   time.Time `json:"canceled_at"`
}

// Cancel ends a membership and schedules removal of the member's door cards.
func (s *Service) Cancel(ctx context.Context, membershipID uuid.UUID, reason string) (CancelResult, error) {
	var ms db.Membership
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		if _, err := q.CancelMembership(ctx, db.CancelMembershipParams{ID: membershipID, CancelReason: reason}); err != nil {
			return err
		}
		var err error
		ms, err = q.GetMembership(ctx, membershipID)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("membership")
		}
		return err
	})
	if err != nil {
		return CancelResult{}, err
	}
	if err := s.queue.Enqueue(ctx, tasks.TypeRevokeCards,
		tasks.RevokeCardsPayload{MemberID: ms.MemberID, MembershipID: ms.ID},
		tasks.Key("revoke-cards", ms.ID.String()),
	); err != nil {
		return CancelResult{}, err
	}
	out := CancelResult{MembershipID: ms.ID, Status: ms.Status}
	if ms.CanceledAt != nil {
		out.CanceledAt = *ms.CanceledAt
	}
	return out, nil
}

type FreezeInput struct {
	MembershipID   uuid.UUID
	IdempotencyKey string
	StartsOn       time.Time
	Days           int
	Reason         string
}

type FreezeResult struct {
	FreezeID   uuid.UUID `json:"freeze_id"`
	Status     string    `json:"status"`
	StartsOn   string    `json:"starts_on"`
	EndsOn     string    `json:"ends_on"`
	NextBillOn string    `json:"next_bill_on"`
}

// Freeze pauses a membership for a number of days and pushes the next bill
// date back by the same amount.
func (s *Service) Freeze(ctx context.Context, in FreezeInput) (FreezeResult, error) {
	if in.Days <= 0 {
		return FreezeResult{}, apperr.Invalid("days must be positive")
	}
	if in.IdempotencyKey != "" {
		rec, err := s.idem.Lookup(ctx, scopeFreeze, in.IdempotencyKey)
		if err != nil {
			return FreezeResult{}, err
		}
		if rec != nil {
			var prev FreezeResult
			if err := json.Unmarshal(rec.Body, &prev); err != nil {
				return FreezeResult{}, err
			}
			return prev, nil
		}
	}

	today := dateOf(s.now())
	startsOn := dateOf(in.StartsOn)
	if startsOn.Before(today) {
		startsOn = today
	}
	var out FreezeResult
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		ms, err := q.GetMembershipForUpdate(ctx, in.MembershipID)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("membership")
		}
		if err != nil {
			return err
		}
		if ms.Status == "canceled" || ms.Status == "pending_payment" {
			return apperr.Conflict("membership cannot be frozen in status " + ms.Status)
		}
		plan, err := q.GetPlan(ctx, ms.PlanID)
		if err != nil {
			return err
		}
		if in.Days > int(plan.MaxFreezeDays) {
			return apperr.Invalid(fmt.Sprintf("plan allows at most %d freeze days", plan.MaxFreezeDays))
		}
		status := "scheduled"
		if !startsOn.After(today) {
			status = "active"
		}
		f, err := q.CreateFreeze(ctx, db.CreateFreezeParams{
			ID:           ids.NewUUID(),
			MembershipID: ms.ID,
			StartsOn:     startsOn,
			EndsOn:       startsOn.AddDate(0, 0, in.Days),
			Status:       status,
			Reason:       in.Reason,
		})
		if err != nil {
			return err
		}
		next, err := q.ExtendNextBill(ctx, db.ExtendNextBillParams{ID: ms.ID, Days: int32(in.Days)})
		if err != nil {
			return err
		}
		if status == "active" {
			if _, err := q.SetMembershipsFrozen(ctx, []uuid.UUID{ms.ID}); err != nil {
				return err
			}
		}
		out = FreezeResult{
			FreezeID:   f.ID,
			Status:     f.Status,
			StartsOn:   f.StartsOn.Format(time.DateOnly),
			EndsOn:     f.EndsOn.Format(time.DateOnly),
			NextBillOn: next.Format(time.DateOnly),
		}
		return nil
	})
	if err != nil {
		return FreezeResult{}, err
	}

	if in.IdempotencyKey != "" {
		body, _ := json.Marshal(out)
		if err := s.idem.Save(ctx, scopeFreeze, in.IdempotencyKey, idem.Record{
			Status: 201, Body: body, ResourceID: out.FreezeID.String(),
		}); err != nil {
			s.log.Warn("store freeze response", "key", in.IdempotencyKey, "err", err)
		}
	}
	return out, nil
}

// ResumeFreezes starts freezes that begin today and ends the ones that have
// run out, moving memberships between active and frozen.
func (s *Service) ResumeFreezes(ctx context.Context, day time.Time) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		starting, err := q.ActivateDueFreezes(ctx, day)
		if err != nil {
			return err
		}
		if len(starting) > 0 {
			if _, err := q.SetMembershipsFrozen(ctx, starting); err != nil {
				return err
			}
		}
		ending, err := q.EndExpiredFreezes(ctx, day)
		if err != nil {
			return err
		}
		if len(ending) > 0 {
			n, err := q.UnfreezeMemberships(ctx, ending)
			if err != nil {
				return err
			}
			s.log.Info("freezes ended", "day", day.Format(time.DateOnly), "memberships", n)
		}
		return nil
	})
}

func dateOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
