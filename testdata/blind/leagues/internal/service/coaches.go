package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/fieldday/leagues/internal/platform/httpx"
	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/platform/retryx"
	"github.com/fieldday/leagues/internal/provider/screening"
	"github.com/fieldday/leagues/internal/store"
)

const (
	scopeCoachCreate         = "coach.create"
	webhookProviderScreening = "clearcheck"
	vendorScreening          = "clearcheck"
)

// CoachManager implements CoachService.
type CoachManager struct {
	uow      store.UnitOfWork
	coaches  store.CoachRepo
	checks   store.CheckRepo
	seasons  store.SeasonRepo
	attempts store.VendorAttemptRepo
	inbox    store.WebhookInbox
	vendor   ScreeningVendor
	jobs     Jobs
	newID    ids.Generator
	now      func() time.Time
}

// NewCoachManager builds the service.
func NewCoachManager(
	uow store.UnitOfWork,
	coaches store.CoachRepo,
	checks store.CheckRepo,
	seasons store.SeasonRepo,
	attempts store.VendorAttemptRepo,
	inbox store.WebhookInbox,
	vendor ScreeningVendor,
	jobs Jobs,
) *CoachManager {
	return &CoachManager{
		uow: uow, coaches: coaches, checks: checks, seasons: seasons, attempts: attempts,
		inbox: inbox, vendor: vendor, jobs: jobs, newID: ids.NewUUID, now: time.Now,
	}
}

// CreateCoach signs up a volunteer coach. The Idempotency-Key is required
// and is stored in the same unit of work as the coach.
func (s *CoachManager) CreateCoach(ctx context.Context, idemKey string, in CoachInput) (*store.Coach, bool, error) {
	if idemKey == "" {
		return nil, false, invalid("Idempotency-Key", "header is required")
	}
	email := normalizeEmail(in.Email)
	if !strings.Contains(email, "@") {
		return nil, false, invalid("email", "must be a valid email address")
	}
	if strings.TrimSpace(in.FirstName) == "" || strings.TrimSpace(in.LastName) == "" {
		return nil, false, invalid("name", "first and last name are required")
	}
	var (
		coach    *store.Coach
		replayed bool
	)
	err := s.uow.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		rec, err := tx.Idempotency.Get(ctx, scopeCoachCreate, idemKey)
		if err == nil {
			coach, err = tx.Coaches.Get(ctx, rec.ResourceID)
			replayed = true
			return err
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		coach = &store.Coach{
			ID:        s.newID(),
			Email:     email,
			FirstName: strings.TrimSpace(in.FirstName),
			LastName:  strings.TrimSpace(in.LastName),
			Phone:     normalizePhone(in.Phone),
		}
		if err := tx.Coaches.Create(ctx, coach); err != nil {
			if errors.Is(err, store.ErrDuplicate) {
				return fmt.Errorf("%w: a coach with this email already exists", ErrConflict)
			}
			return err
		}
		return tx.Idempotency.Put(ctx, &store.IdempotencyRecord{
			Scope: scopeCoachCreate, Key: idemKey, ResourceID: coach.ID, ResponseStatus: 201,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return coach, replayed, nil
}

// RequestBackgroundCheck records that the coach needs this season's
// screening and queues the vendor order. The check row is keyed on
// (coach, season), and the order task is keyed on the check, so repeated
// requests converge on one vendor order.
func (s *CoachManager) RequestBackgroundCheck(ctx context.Context, coachID, seasonID string) (*store.BackgroundCheck, error) {
	if _, err := s.coaches.Get(ctx, coachID); err != nil {
		return nil, notFound(err)
	}
	if _, err := s.seasons.Get(ctx, seasonID); err != nil {
		return nil, notFound(err)
	}
	check := &store.BackgroundCheck{
		ID:          ids.Prefixed("bgc", "initial", coachID, seasonID),
		CoachID:     coachID,
		SeasonID:    seasonID,
		Kind:        "initial",
		Status:      store.CheckRequested,
		RequestedAt: s.now().UTC(),
	}
	if _, err := s.checks.CreateInitialIfAbsent(ctx, check); err != nil {
		return nil, err
	}
	current, err := s.checks.GetInitial(ctx, coachID, seasonID)
	if err != nil {
		return nil, err
	}
	if current.Status == store.CheckRequested {
		if err := s.jobs.EnqueueOrderCheck(ctx, current.ID); err != nil {
			return nil, err
		}
	}
	return current, nil
}

// OrderBackgroundCheck opens the vendor order for a requested check. Runs in
// the worker. The check ID is the vendor idempotency key and the order's
// external ID, so redelivered tasks reuse the first order.
func (s *CoachManager) OrderBackgroundCheck(ctx context.Context, checkID string) error {
	check, err := s.checks.Get(ctx, checkID)
	if err != nil {
		return notFound(err)
	}
	if check.VendorOrderID != nil {
		return nil
	}
	coach, err := s.coaches.Get(ctx, check.CoachID)
	if err != nil {
		return err
	}
	policy := retryx.Background
	policy.OnAttempt = func(n uint, callErr error) {
		s.logVendorAttempt(ctx, "create_order", check.ID, int(n)+1, callErr)
	}
	order, err := retryx.DoWith(ctx, policy, "screening.create_order", func(ctx context.Context) (*screening.Order, error) {
		return s.vendor.CreateOrder(ctx, check.ID, screening.OrderRequest{
			Candidate:  screening.Candidate{FirstName: coach.FirstName, LastName: coach.LastName, Email: coach.Email, Phone: coach.Phone},
			Package:    s.vendor.DefaultPackage(),
			ExternalID: check.ID,
			Tags:       []string{"season:" + check.SeasonID},
		})
	})
	if err != nil {
		s.logVendorAttempt(ctx, "create_order", check.ID, 0, err)
		return err
	}
	return s.checks.MarkSubmitted(ctx, check.ID, order.ID, order.InviteURL, s.now().UTC())
}

// logVendorAttempt appends to the vendor call log. The log is for support
// staff; one row per attempt is what they want to see.
func (s *CoachManager) logVendorAttempt(ctx context.Context, op, subject string, attempt int, callErr error) {
	row := &store.VendorCallAttempt{
		ID:         ids.NewXID(),
		Vendor:     vendorScreening,
		Operation:  op,
		SubjectID:  subject,
		Attempt:    attempt,
		StatusCode: httpx.StatusCode(callErr),
	}
	if callErr != nil {
		row.Error = callErr.Error()
	}
	if err := s.attempts.Append(ctx, row); err != nil {
		slog.WarnContext(ctx, "screening: append attempt log", "err", err)
	}
}

// RenewBackgroundCheck re-screens a coach mid-season, e.g. when a clearance
// is about to lapse before the playoffs. Coordinators use it from the
// coach's profile page.
func (s *CoachManager) RenewBackgroundCheck(ctx context.Context, coachID, seasonID string) (*store.BackgroundCheck, error) {
	coach, err := s.coaches.Get(ctx, coachID)
	if err != nil {
		return nil, notFound(err)
	}
	if _, err := s.seasons.Get(ctx, seasonID); err != nil {
		return nil, notFound(err)
	}
	order, err := retryx.Do(ctx, "screening.create_order", func(ctx context.Context) (*screening.Order, error) {
		return s.vendor.CreateOrder(ctx, "", screening.OrderRequest{
			Candidate: screening.Candidate{FirstName: coach.FirstName, LastName: coach.LastName, Email: coach.Email, Phone: coach.Phone},
			Package:   s.vendor.DefaultPackage(),
			Tags:      []string{"season:" + seasonID, "renewal"},
		})
	})
	if err != nil {
		return nil, fmt.Errorf("open renewal order: %w", err)
	}
	now := s.now().UTC()
	orderID := order.ID
	check := &store.BackgroundCheck{
		ID:            ids.NewXID(),
		CoachID:       coachID,
		SeasonID:      seasonID,
		Kind:          "renewal",
		Status:        store.CheckSubmitted,
		VendorOrderID: &orderID,
		InviteURL:     order.InviteURL,
		RequestedAt:   now,
		SubmittedAt:   &now,
	}
	if err := s.checks.Create(ctx, check); err != nil {
		return nil, err
	}
	return check, nil
}

// HandleScreeningEvent applies a vendor webhook.
func (s *CoachManager) HandleScreeningEvent(ctx context.Context, evt *screening.Event) error {
	if err := s.inbox.Record(ctx, webhookProviderScreening, evt.ID); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			slog.InfoContext(ctx, "screening webhook: duplicate delivery", "event_id", evt.ID)
			return nil
		}
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		check, err := tx.Checks.GetByVendorOrder(ctx, evt.OrderID)
		if err != nil {
			return notFound(err)
		}
		switch evt.Type {
		case "order.completed":
			var expires *time.Time
			if !evt.ExpiresAt.IsZero() {
				e := evt.ExpiresAt.UTC()
				expires = &e
			}
			if err := tx.Checks.Complete(ctx, check.ID, evt.Result, evt.CompletedAt.UTC(), expires); err != nil {
				return err
			}
			if evt.Result == screening.ResultClear && expires != nil {
				return tx.Coaches.SetClearedThrough(ctx, check.CoachID, *expires)
			}
			return nil
		case "order.expired", "order.cancelled":
			return tx.Checks.SetStatus(ctx, check.ID, store.CheckExpired)
		default:
			slog.InfoContext(ctx, "screening webhook: ignoring event", "type", evt.Type)
			return nil
		}
	})
}
