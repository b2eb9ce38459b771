package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/store"
)

// WaitlistManager implements WaitlistService.
type WaitlistManager struct {
	db         *gorm.DB
	uow        store.UnitOfWork
	entries    store.WaitlistRepo
	regs       store.RegistrationRepo
	seasons    store.SeasonRepo
	children   store.ChildRepo
	households store.HouseholdRepo
	outbox     store.OutboxRepo
	texter     Texter
	jobs       Jobs
	holdFor    time.Duration
	linkBase   string
	newID      ids.Generator
	now        func() time.Time
}

// WaitlistConfig carries the tunables for promotion.
type WaitlistConfig struct {
	// UnpaidHold is how long a promoted family has to pay before the seat
	// is released to the next child.
	UnpaidHold time.Duration
	// LinkBase is the public origin used in texts.
	LinkBase string
}

// NewWaitlistManager builds the service.
func NewWaitlistManager(
	db *gorm.DB,
	uow store.UnitOfWork,
	entries store.WaitlistRepo,
	regs store.RegistrationRepo,
	seasons store.SeasonRepo,
	children store.ChildRepo,
	households store.HouseholdRepo,
	outbox store.OutboxRepo,
	texter Texter,
	jobs Jobs,
	cfg WaitlistConfig,
) *WaitlistManager {
	return &WaitlistManager{
		db: db, uow: uow, entries: entries, regs: regs, seasons: seasons, children: children,
		households: households, outbox: outbox, texter: texter, jobs: jobs,
		holdFor: cfg.UnpaidHold, linkBase: cfg.LinkBase, newID: ids.NewUUID, now: time.Now,
	}
}

// Join puts a child on a division's waitlist and returns their position.
// The entry ID is chosen by the caller.
func (s *WaitlistManager) Join(ctx context.Context, entryID string, in JoinInput) (*store.WaitlistEntry, int64, error) {
	div, err := s.seasons.GetDivision(ctx, in.DivisionID)
	if err != nil {
		return nil, 0, notFound(err)
	}
	child, err := s.children.Get(ctx, in.ChildID)
	if err != nil {
		return nil, 0, notFound(err)
	}
	if child.HouseholdID != in.HouseholdID {
		return nil, 0, invalid("child_id", "child does not belong to the household")
	}
	if !eligible(div, child.BirthDate) {
		return nil, 0, invalid("division_id", "child is not age-eligible for this division")
	}
	if _, err := s.regs.GetBySeasonChild(ctx, div.SeasonID, child.ID); err == nil {
		return nil, 0, fmt.Errorf("%w: child is already registered this season", ErrConflict)
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, 0, err
	}

	e := &store.WaitlistEntry{
		ID:          entryID,
		SeasonID:    div.SeasonID,
		DivisionID:  div.ID,
		ChildID:     child.ID,
		HouseholdID: in.HouseholdID,
		Status:      store.WaitWaiting,
		JoinedAt:    s.now().UTC(),
	}
	if err := s.entries.Create(ctx, e); err != nil {
		return nil, 0, err
	}
	pos, err := s.entries.Position(ctx, e)
	if err != nil {
		return nil, 0, err
	}
	// A seat may have freed up between the family seeing "full" and joining.
	if div.Filled < div.Capacity {
		if err := s.jobs.EnqueuePromotion(ctx, div.ID, "join:"+e.ID); err != nil {
			slog.WarnContext(ctx, "waitlist: enqueue promotion after join", "err", err)
		}
	}
	return e, pos, nil
}

// Withdraw removes a waiting entry. Withdrawing twice is fine.
func (s *WaitlistManager) Withdraw(ctx context.Context, entryID string) (*store.WaitlistEntry, error) {
	ok, err := s.entries.Transition(ctx, entryID, store.WaitWaiting, store.WaitWithdrawn)
	if err != nil {
		return nil, err
	}
	e, err := s.entries.Get(ctx, entryID)
	if err != nil {
		return nil, notFound(err)
	}
	if !ok && e.Status != store.WaitWithdrawn {
		return nil, fmt.Errorf("%w: entry is %s", ErrInvalidState, e.Status)
	}
	return e, nil
}

// PromoteNext gives a freed seat in the division to the child at the head of
// its waitlist. The promoted registration must be paid within the hold
// period or the seat is released again.
func (s *WaitlistManager) PromoteNext(ctx context.Context, divisionID, triggerID string) error {
	div, err := s.seasons.GetDivision(ctx, divisionID)
	if err != nil {
		return notFound(err)
	}
	if div.Filled >= div.Capacity {
		slog.InfoContext(ctx, "waitlist: no free seat", "division_id", divisionID, "trigger", triggerID)
		return nil
	}
	season, err := s.seasons.Get(ctx, div.SeasonID)
	if err != nil {
		return err
	}

	var entry *store.WaitlistEntry
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		e, err := s.entries.WithTx(tx).NextWaitingForUpdate(ctx, divisionID)
		if err != nil {
			return err
		}
		entry = e
		return s.entries.WithTx(tx).MarkPromoted(ctx, e.ID, s.now())
	})
	if errors.Is(err, store.ErrNotFound) {
		slog.InfoContext(ctx, "waitlist: empty", "division_id", divisionID)
		return nil
	}
	if err != nil {
		return err
	}

	siblings, err := s.regs.ListActiveForHousehold(ctx, entry.HouseholdID, season.ID)
	if err != nil {
		return err
	}
	discount := siblingDiscount(season, len(siblings))
	due := s.now().Add(s.holdFor)
	reg := &store.Registration{
		ID:            s.newID(),
		SeasonID:      season.ID,
		DivisionID:    div.ID,
		ChildID:       entry.ChildID,
		HouseholdID:   entry.HouseholdID,
		Status:        store.RegPendingPayment,
		Source:        "waitlist",
		FeeCents:      season.FeeCents,
		DiscountCents: discount,
		BalanceCents:  season.FeeCents - discount,
		PaymentDueAt:  &due,
	}
	if err := s.regs.Create(ctx, reg); err != nil {
		return fmt.Errorf("create promoted registration: %w", err)
	}
	if err := s.seasons.IncrementFilled(ctx, div.ID, 1); err != nil {
		return err
	}
	if err := s.entries.SetPromotedRegistration(ctx, entry.ID, reg.ID); err != nil {
		return err
	}
	if err := s.jobs.EnqueueExpireUnpaid(ctx, reg.ID, due); err != nil {
		return err
	}
	s.queuePromotedText(ctx, reg, div, due)
	return nil
}

// queuePromotedText stores the "you're in" text in the outbox and hands it
// to the delivery task. Texting is best effort: the family also gets the
// registration in their dashboard.
func (s *WaitlistManager) queuePromotedText(ctx context.Context, reg *store.Registration, div *store.Division, due time.Time) {
	hh, err := s.households.Get(ctx, reg.HouseholdID)
	if err != nil || !hh.SMSOptIn {
		return
	}
	child, err := s.children.Get(ctx, reg.ChildID)
	if err != nil {
		return
	}
	body, err := s.texter.Render("promoted", map[string]any{
		"DivisionName":   div.Name,
		"ChildFirstName": child.FirstName,
		"DueDate":        due.Format("Mon Jan 2 3:04pm"),
		"Link":           s.linkBase + "/registrations/" + reg.ID + "/pay",
	})
	if err != nil {
		slog.WarnContext(ctx, "waitlist: render promoted text", "err", err)
		return
	}
	dedup := "promoted:" + reg.ID
	regID := reg.ID
	msg := &store.SMSOutbox{
		ID:             ids.Prefixed("sms", "outbox", dedup),
		DedupKey:       dedup,
		RegistrationID: &regID,
		ToPhone:        hh.Phone,
		Template:       "promoted",
		Body:           body,
		Status:         "queued",
	}
	if _, err := s.outbox.CreateIfAbsent(ctx, msg); err != nil {
		slog.WarnContext(ctx, "waitlist: queue promoted text", "err", err)
		return
	}
	if err := s.jobs.EnqueueOutboxDelivery(ctx, msg.ID); err != nil {
		slog.WarnContext(ctx, "waitlist: enqueue promoted text", "err", err)
	}
}

// ExpireUnpaid releases a promoted (or directly registered) seat that was
// not paid by its due date and promotes the next child. Release and seat
// counter change commit together; the follow-up promotion is keyed on the
// released registration.
func (s *WaitlistManager) ExpireUnpaid(ctx context.Context, registrationID string) error {
	var divisionID string
	released := false
	err := s.uow.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		reg, err := tx.Registrations.GetForUpdate(ctx, registrationID)
		if err != nil {
			return notFound(err)
		}
		divisionID = reg.DivisionID
		switch {
		case reg.Status == store.RegReleased:
			released = true
			return nil
		case reg.Status != store.RegPendingPayment:
			return nil
		case reg.PaymentDueAt == nil || reg.PaymentDueAt.After(s.now()):
			return nil
		}
		ok, err := tx.Registrations.TransitionStatus(ctx, reg.ID, []string{store.RegPendingPayment}, store.RegReleased)
		if err != nil || !ok {
			return err
		}
		released = true
		return tx.Seasons.IncrementFilled(ctx, reg.DivisionID, -1)
	})
	if err != nil {
		return err
	}
	if !released {
		return nil
	}
	return s.jobs.EnqueuePromotion(ctx, divisionID, registrationID)
}
