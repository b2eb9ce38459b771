package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/platform/retryx"
	"github.com/fieldday/leagues/internal/provider/payments"
	"github.com/fieldday/leagues/internal/store"
)

const scopeRegister = "registration.create"

// RegistrationManager implements RegistrationService.
type RegistrationManager struct {
	db          *gorm.DB
	regs        store.RegistrationRepo
	seasons     store.SeasonRepo
	children    store.ChildRepo
	idem        store.IdempotencyRepo
	intents     store.PaymentIntentRepo
	refunds     store.RefundRepo
	assignments store.AssignmentRepo
	gateway     PaymentGateway
	jobs        Jobs
	newID       ids.Generator
	now         func() time.Time
}

// NewRegistrationManager builds the service.
func NewRegistrationManager(
	db *gorm.DB,
	regs store.RegistrationRepo,
	seasons store.SeasonRepo,
	children store.ChildRepo,
	idem store.IdempotencyRepo,
	intents store.PaymentIntentRepo,
	refunds store.RefundRepo,
	assignments store.AssignmentRepo,
	gateway PaymentGateway,
	jobs Jobs,
) *RegistrationManager {
	return &RegistrationManager{
		db: db, regs: regs, seasons: seasons, children: children, idem: idem,
		intents: intents, refunds: refunds, assignments: assignments,
		gateway: gateway, jobs: jobs, newID: ids.NewUUID, now: time.Now,
	}
}

// Get returns a registration.
func (s *RegistrationManager) Get(ctx context.Context, id string) (*store.Registration, error) {
	reg, err := s.regs.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	return reg, err
}

// Register takes a seat in a division for a child. The whole operation,
// including the idempotency record for the client's key, is one transaction.
// A child can hold one registration per season, so a repeated request
// without a key also resolves to the existing registration.
func (s *RegistrationManager) Register(ctx context.Context, idemKey string, in RegisterInput) (*store.Registration, bool, error) {
	if in.ChildID == "" || in.SeasonID == "" || in.DivisionID == "" || in.HouseholdID == "" {
		return nil, false, invalid("registration", "household_id, child_id, season_id and division_id are required")
	}
	var (
		out      *store.Registration
		replayed bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		regs := s.regs.WithTx(tx)
		idem := s.idem.WithTx(tx)
		seasons := s.seasons.WithTx(tx)

		if idemKey != "" {
			rec, err := idem.Get(ctx, scopeRegister, idemKey)
			switch {
			case err == nil:
				out, err = regs.Get(ctx, rec.ResourceID)
				replayed = true
				return err
			case !errors.Is(err, store.ErrNotFound):
				return err
			}
		}

		season, err := seasons.Get(ctx, in.SeasonID)
		if err != nil {
			return notFound(err)
		}
		if season.Status != "open" {
			return fmt.Errorf("%w: season %s is not open for registration", ErrInvalidState, season.Name)
		}
		div, err := seasons.GetDivisionForUpdate(ctx, in.DivisionID)
		if err != nil {
			return notFound(err)
		}
		if div.SeasonID != season.ID {
			return invalid("division_id", "division does not belong to the season")
		}
		child, err := s.children.WithTx(tx).Get(ctx, in.ChildID)
		if err != nil {
			return notFound(err)
		}
		if child.HouseholdID != in.HouseholdID {
			return invalid("child_id", "child does not belong to the household")
		}
		if !eligible(div, child.BirthDate) {
			return invalid("division_id", "child is not age-eligible for this division")
		}

		if existing, err := regs.GetBySeasonChild(ctx, season.ID, child.ID); err == nil {
			out, replayed = existing, true
			return s.rememberKey(ctx, idem, idemKey, existing.ID)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if div.Filled >= div.Capacity {
			return ErrDivisionFull
		}

		siblings, err := regs.ListActiveForHousehold(ctx, in.HouseholdID, season.ID)
		if err != nil {
			return err
		}
		discount := siblingDiscount(season, len(siblings))
		due := s.now().Add(72 * time.Hour)
		reg := &store.Registration{
			ID:            s.newID(),
			SeasonID:      season.ID,
			DivisionID:    div.ID,
			ChildID:       child.ID,
			HouseholdID:   in.HouseholdID,
			Status:        store.RegPendingPayment,
			Source:        "direct",
			FeeCents:      season.FeeCents,
			DiscountCents: discount,
			BalanceCents:  season.FeeCents - discount,
			PaymentDueAt:  &due,
		}
		created, err := regs.CreateIfAbsent(ctx, reg)
		if err != nil {
			return err
		}
		if !created {
			existing, err := regs.GetBySeasonChild(ctx, season.ID, child.ID)
			if err != nil {
				return err
			}
			out, replayed = existing, true
			return s.rememberKey(ctx, idem, idemKey, existing.ID)
		}
		if err := seasons.IncrementFilled(ctx, div.ID, 1); err != nil {
			return err
		}
		out = reg
		return s.rememberKey(ctx, idem, idemKey, reg.ID)
	})
	if err != nil {
		return nil, false, err
	}
	return out, replayed, nil
}

func (s *RegistrationManager) rememberKey(ctx context.Context, idem store.IdempotencyRepo, key, resourceID string) error {
	if key == "" {
		return nil
	}
	return idem.Put(ctx, &store.IdempotencyRecord{
		Scope: scopeRegister, Key: key, ResourceID: resourceID, ResponseStatus: 201,
	})
}

// Cancel withdraws a registration, refunds what the league policy allows,
// frees the seat and triggers waitlist promotion.
//
// Cancellation is two-phase: the registration moves to "cancelling" together
// with the refund row, then the refund is submitted. A failed submission
// leaves the registration in "cancelling" and the client retries the call.
func (s *RegistrationManager) Cancel(ctx context.Context, id, reason string) (*store.Registration, error) {
	reg, err := s.regs.Get(ctx, id)
	if err != nil {
		return nil, notFound(err)
	}
	switch reg.Status {
	case store.RegCancelled, store.RegReleased:
		return reg, nil
	case store.RegPendingPayment, store.RegConfirmed:
		if err := s.beginCancel(ctx, reg, reason); err != nil {
			return nil, err
		}
	case store.RegCancelling:
		// Resume a cancellation whose refund submission failed.
	default:
		return nil, fmt.Errorf("%w: registration is %s", ErrInvalidState, reg.Status)
	}

	refund, err := s.refunds.GetByRegistration(ctx, reg.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		refund = nil
	case err != nil:
		return nil, err
	}
	if refund != nil && refund.Status == "pending" {
		intent, err := s.intents.Get(ctx, refund.IntentID)
		if err != nil {
			return nil, err
		}
		season, err := s.seasons.Get(ctx, reg.SeasonID)
		if err != nil {
			return nil, err
		}
		resp, err := retryx.Do(ctx, "payments.refund", func(ctx context.Context) (*payments.RefundResponse, error) {
			return s.gateway.Refund(ctx, deref(intent.PSPReference), payments.RefundRequest{
				Reference: refund.ID,
				Amount:    payments.Amount{Currency: season.Currency, Value: refund.AmountCents},
			})
		})
		if err != nil {
			return nil, fmt.Errorf("submit refund: %w", err)
		}
		if err := s.refunds.MarkSubmitted(ctx, refund.ID, resp.PSPReference); err != nil {
			return nil, err
		}
	}

	if _, err := s.regs.TransitionStatus(ctx, reg.ID, []string{store.RegCancelling}, store.RegCancelled); err != nil {
		return nil, err
	}
	if err := s.assignments.DeleteByRegistration(ctx, reg.ID); err != nil {
		slog.WarnContext(ctx, "cancel: remove team assignment", "registration_id", reg.ID, "err", err)
	}
	// One promotion per freed seat; the task ID is derived from the
	// cancelled registration so repeated cancels cannot promote twice.
	if err := s.jobs.EnqueuePromotion(ctx, reg.DivisionID, reg.ID); err != nil {
		return nil, err
	}
	return s.regs.Get(ctx, reg.ID)
}

// beginCancel records the cancellation and the refund we owe in one
// transaction and releases the seat.
func (s *RegistrationManager) beginCancel(ctx context.Context, reg *store.Registration, reason string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		regs := s.regs.WithTx(tx)
		ok, err := regs.TransitionStatus(ctx, reg.ID, []string{store.RegPendingPayment, store.RegConfirmed}, store.RegCancelling)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: registration changed concurrently", ErrConflict)
		}
		if err := tx.Model(&store.Registration{}).Where("id = ?", reg.ID).
			Update("cancel_reason", reason).Error; err != nil {
			return err
		}
		season, err := s.seasons.WithTx(tx).Get(ctx, reg.SeasonID)
		if err != nil {
			return err
		}
		if err := s.seasons.WithTx(tx).IncrementFilled(ctx, reg.DivisionID, -1); err != nil {
			return err
		}
		refundable := reg.PaidCents - season.CancellationFeeCents
		if refundable <= 0 {
			return nil
		}
		intent, err := s.intents.WithTx(tx).LatestCaptured(ctx, reg.ID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if refundable > intent.AmountCents {
			refundable = intent.AmountCents
		}
		_, err = s.refunds.WithTx(tx).CreateIfAbsent(ctx, &store.Refund{
			ID:             ids.Prefixed("rf", "refund", reg.ID),
			RegistrationID: reg.ID,
			IntentID:       intent.ID,
			AmountCents:    refundable,
			Status:         "pending",
			Reason:         reason,
		})
		return err
	})
}

// Transfer moves a registration to another division of the same season,
// e.g. when a coach asks for a player to play up an age group.
func (s *RegistrationManager) Transfer(ctx context.Context, id, toDivisionID string) (*store.Registration, error) {
	reg, err := s.regs.Get(ctx, id)
	if err != nil {
		return nil, notFound(err)
	}
	if !reg.Active() {
		return nil, fmt.Errorf("%w: registration is %s", ErrInvalidState, reg.Status)
	}
	if reg.DivisionID == toDivisionID {
		return reg, nil
	}
	to, err := s.seasons.GetDivision(ctx, toDivisionID)
	if err != nil {
		return nil, notFound(err)
	}
	if to.SeasonID != reg.SeasonID {
		return nil, invalid("division_id", "target division is in another season")
	}
	if to.Filled >= to.Capacity {
		return nil, ErrDivisionFull
	}
	from := reg.DivisionID

	if err := s.regs.UpdateDivision(ctx, reg.ID, to.ID); err != nil {
		return nil, err
	}
	if err := s.seasons.IncrementFilled(ctx, to.ID, 1); err != nil {
		return nil, err
	}
	if err := s.seasons.IncrementFilled(ctx, from, -1); err != nil {
		return nil, err
	}
	if err := s.assignments.DeleteByRegistration(ctx, reg.ID); err != nil {
		return nil, err
	}
	if err := s.jobs.EnqueuePromotion(ctx, from, "transfer:"+reg.ID); err != nil {
		slog.WarnContext(ctx, "transfer: enqueue promotion", "division_id", from, "err", err)
	}
	return s.regs.Get(ctx, reg.ID)
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
