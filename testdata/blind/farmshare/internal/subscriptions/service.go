package subscriptions

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/idempotency"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// KeyClaims records Idempotency-Key headers in the caller's transaction.
type KeyClaims interface {
	Claim(ctx context.Context, q database.Queryer, scope, key, requestHash string) (*idempotency.Stored, error)
	Complete(ctx context.Context, q database.Queryer, scope, key string, status int, body any) error
}

// Clock returns the current time.
type Clock func() time.Time

// Service implements the subscription use cases.
type Service struct {
	tx     TxRunner
	store  *Store
	events EventWriter
	claims KeyClaims
	now    Clock
}

// NewService wires a Service.
func NewService(tx TxRunner, store *Store, ev EventWriter, claims KeyClaims, now Clock) *Service {
	return &Service{tx: tx, store: store, events: ev, claims: claims, now: now}
}

const scopeCreate = "subscriptions.create"

// Result carries a response that may have been replayed from a prior request.
type Result struct {
	Status   int
	Body     any
	Replayed bool
}

// Create starts a subscription for a member.
func (s *Service) Create(ctx context.Context, memberID, key string, req CreateRequest) (*Result, error) {
	starts := httpx.WeekStart(s.now()).AddDate(0, 0, 7)
	if req.StartsOn != "" {
		d, _ := time.Parse("2006-01-02", req.StartsOn)
		starts = httpx.WeekStart(d)
	}
	hash := idempotency.Hash(struct {
		Member string
		Req    CreateRequest
	}{memberID, req})

	var out *Result
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		prev, err := s.claims.Claim(ctx, tx, scopeCreate, memberID+":"+key, hash)
		if err != nil {
			return err
		}
		if prev != nil {
			out = &Result{Status: *prev.Status, Body: prev.Body, Replayed: true}
			return nil
		}

		if _, err := s.store.Plan(ctx, tx, req.PlanID); err != nil {
			return httpx.NewError(http.StatusUnprocessableEntity, "unknown_plan", "plan %q is not available", req.PlanID)
		}
		active, err := s.store.PickupPointActive(ctx, tx, req.PickupPointID)
		if err != nil || !active {
			return httpx.NewError(http.StatusUnprocessableEntity, "unknown_pickup_point", "pickup point %q is not available", req.PickupPointID)
		}

		sub := &Subscription{
			ID:            ids.New(),
			MemberID:      memberID,
			PlanID:        req.PlanID,
			PickupPointID: req.PickupPointID,
			Status:        StatusActive,
			StartsOn:      starts,
			CreatedAt:     s.now(),
		}
		if err := s.store.Insert(ctx, tx, sub); err != nil {
			return err
		}
		if err := s.events.Enqueue(ctx, tx, events.TopicSubscriptionCreated, sub.ID, events.SubscriptionCreated{
			SubscriptionID: sub.ID,
			MemberID:       sub.MemberID,
			PlanID:         sub.PlanID,
			PickupPointID:  sub.PickupPointID,
			StartsOn:       sub.StartsOn,
		}); err != nil {
			return err
		}
		if err := s.claims.Complete(ctx, tx, scopeCreate, memberID+":"+key, http.StatusCreated, sub); err != nil {
			return err
		}
		out = &Result{Status: http.StatusCreated, Body: sub}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SkipWeek records that the member will not take a box in the given week.
// Skipping an already-skipped week returns the existing skip.
func (s *Service) SkipWeek(ctx context.Context, subID string, req SkipRequest) (*Skip, bool, error) {
	d, _ := time.Parse("2006-01-02", req.WeekStart)
	week := httpx.WeekStart(d)
	if !week.After(httpx.WeekStart(s.now())) {
		return nil, false, httpx.NewError(http.StatusUnprocessableEntity, "week_started", "only future weeks can be skipped")
	}

	var (
		skip    *Skip
		created bool
	)
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		sub, err := s.store.GetForUpdate(ctx, tx, subID)
		if err != nil {
			return err
		}
		if sub.Status != StatusActive {
			return httpx.NewError(http.StatusConflict, "not_active", "subscription is %s", sub.Status)
		}
		locked, err := s.store.BoxLocked(ctx, tx, subID, week)
		if err != nil {
			return err
		}
		if locked {
			return httpx.NewError(http.StatusConflict, "box_locked", "the box for %s is already being packed", week.Format("2006-01-02"))
		}

		candidate := &Skip{
			ID:             ids.New(),
			SubscriptionID: subID,
			WeekStart:      week,
			CreatedAt:      s.now(),
		}
		if req.Reason != "" {
			candidate.Reason = &req.Reason
		}
		created, err = s.store.InsertSkip(ctx, tx, candidate)
		if err != nil {
			return err
		}
		if !created {
			skip, err = s.store.SkipFor(ctx, tx, subID, week)
			return err
		}
		skip = candidate
		if err := s.store.MarkBoxSkipped(ctx, tx, subID, week); err != nil {
			return err
		}
		return s.events.Enqueue(ctx, tx, events.TopicWeekSkipped, skip.ID, events.WeekSkipped{
			SkipID:         skip.ID,
			SubscriptionID: subID,
			MemberID:       sub.MemberID,
			WeekStart:      week,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return skip, created, nil
}

// Cancel ends a subscription. A cancelled subscription is returned unchanged.
func (s *Service) Cancel(ctx context.Context, subID string, req CancelRequest) (*Subscription, error) {
	var sub *Subscription
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		updated, err := s.store.Cancel(ctx, tx, subID, req.Reason)
		if err != nil {
			return err
		}
		if updated == nil {
			sub, err = s.store.Get(ctx, tx, subID)
			return err
		}
		sub = updated
		return s.events.Enqueue(ctx, tx, events.TopicSubscriptionCancelled, sub.ID, events.SubscriptionCancelled{
			SubscriptionID: sub.ID,
			MemberID:       sub.MemberID,
			Reason:         req.Reason,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("cancel subscription %s: %w", subID, err)
	}
	return sub, nil
}

// List returns a member's subscriptions.
func (s *Service) List(ctx context.Context, q database.Queryer, memberID string) ([]Subscription, error) {
	return s.store.ListByMember(ctx, q, memberID)
}
