package service

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/messaging"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// JoinWaitlistInput asks to be offered a slot inside a time window.
type JoinWaitlistInput struct {
	MemberID    string
	CourseID    string
	PlayDate    time.Time
	WindowStart string
	WindowEnd   string
	Players     int
}

var clockRE = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

func (in JoinWaitlistInput) validate() error {
	switch {
	case in.MemberID == "" || in.CourseID == "":
		return invalid("member_id and course_id are required")
	case in.PlayDate.IsZero():
		return invalid("play_date is required")
	case !clockRE.MatchString(in.WindowStart) || !clockRE.MatchString(in.WindowEnd):
		return invalid("window_start and window_end must be HH:MM")
	case in.WindowStart > in.WindowEnd:
		return invalid("window_start must not be after window_end")
	case in.Players < 1 || in.Players > 4:
		return invalid("players must be between 1 and 4")
	}
	return nil
}

// Waitlist manages the waitlist and the offers made from it.
type Waitlist interface {
	Join(ctx context.Context, in JoinWaitlistInput) (*domain.WaitlistEntry, error)
	FillVacancy(ctx context.Context, teeTimeID string) error
	AcceptOffer(ctx context.Context, offerID, memberID string) (*domain.Booking, error)
	ExpireOffers(ctx context.Context) (int, error)
}

// WaitlistParams are the dependencies of the waitlist service.
type WaitlistParams struct {
	fx.In

	Config   *config.Config
	Log      *zap.Logger
	UoW      db.UnitOfWork
	Courses  store.CourseStore
	TeeTimes store.TeeTimeStore
	Members  store.MemberStore
	Entries  store.WaitlistStore
	Offers   store.OfferStore
	Bookings store.BookingStore
	Jobs     queue.Enqueuer
	Notifier messaging.Notifier
}

type waitlistService struct {
	cfg      *config.Config
	log      *zap.Logger
	uow      db.UnitOfWork
	courses  store.CourseStore
	teeTimes store.TeeTimeStore
	members  store.MemberStore
	entries  store.WaitlistStore
	offers   store.OfferStore
	bookings store.BookingStore
	jobs     queue.Enqueuer
	notifier messaging.Notifier

	newID ids.Func
	now   func() time.Time
}

// NewWaitlistService builds the waitlist service.
func NewWaitlistService(p WaitlistParams) *waitlistService {
	return &waitlistService{
		cfg:      p.Config,
		log:      p.Log.Named("waitlist"),
		uow:      p.UoW,
		courses:  p.Courses,
		teeTimes: p.TeeTimes,
		members:  p.Members,
		entries:  p.Entries,
		offers:   p.Offers,
		bookings: p.Bookings,
		jobs:     p.Jobs,
		notifier: p.Notifier,
		newID:    ids.NewULID,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

// Join puts the member on the waitlist for the day.
func (s *waitlistService) Join(ctx context.Context, in JoinWaitlistInput) (*domain.WaitlistEntry, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	if _, err := s.courses.Get(ctx, in.CourseID); err != nil {
		return nil, notFoundOr(err, "course")
	}
	if _, err := s.members.Get(ctx, in.MemberID); err != nil {
		return nil, notFoundOr(err, "member")
	}
	now := s.now()
	entry := &domain.WaitlistEntry{
		ID:          s.newID(),
		MemberID:    in.MemberID,
		CourseID:    in.CourseID,
		PlayDate:    in.PlayDate,
		WindowStart: in.WindowStart,
		WindowEnd:   in.WindowEnd,
		Players:     in.Players,
		Status:      domain.WaitlistWaiting,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if err := s.entries.Create(ctx, entry); err != nil {
		return nil, err
	}
	return entry, nil
}

// minLeadTime is how far ahead a freed slot must be for an offer to be
// worth sending.
const minLeadTime = 45 * time.Minute

// FillVacancy offers a freed tee time to the longest-waiting entry whose
// window and group size fit.
func (s *waitlistService) FillVacancy(ctx context.Context, teeTimeID string) error {
	tt, err := s.teeTimes.Get(ctx, teeTimeID)
	if err != nil {
		return notFoundOr(err, "tee time")
	}
	free := tt.SlotsLeft()
	if free <= 0 || tt.StartsAt.Before(s.now().Add(minLeadTime)) {
		return nil
	}
	if _, err := s.offers.OpenForTeeTime(ctx, tt.ID); err == nil {
		return nil // somebody is already holding it
	} else if !errors.Is(err, db.ErrNotFound) {
		return err
	}
	course, err := s.courses.Get(ctx, tt.CourseID)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(course.Timezone)
	if err != nil {
		return err
	}
	local := tt.StartsAt.In(loc)

	return s.uow.Do(ctx, func(ctx context.Context) error {
		entry, err := s.entries.NextEligible(ctx, tt.CourseID, local, local.Format("15:04"), free)
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		member, err := s.members.Get(ctx, entry.MemberID)
		if err != nil {
			return err
		}
		now := s.now()
		offer := &domain.WaitlistOffer{
			ID:        s.newID(),
			EntryID:   entry.ID,
			TeeTimeID: tt.ID,
			MemberID:  entry.MemberID,
			Players:   entry.Players,
			Status:    domain.OfferOpen,
			ExpiresAt: now.Add(s.cfg.WaitlistOfferTTL),
			CreatedAt: now,
		}
		body := fmt.Sprintf("Fairway Links: a %s tee time at %s opened up for %d. Claim it before %s: %s/w/%s",
			course.Name, local.Format("Mon 2 Jan 15:04"), entry.Players,
			offer.ExpiresAt.In(loc).Format("15:04"), s.cfg.PublicBaseURL, offer.ID)

		// Text first: if the member's number bounces we would rather move
		// on than hold the slot for an offer nobody will see.
		if err := s.notifier.SendSMS(ctx, member.Phone, body); err != nil {
			return fmt.Errorf("waitlist offer sms to %s: %w", member.ID, err)
		}
		if err := s.offers.Create(ctx, offer); err != nil {
			return err
		}
		_, err = s.entries.Update(ctx, entry.ID, map[string]any{"status": domain.WaitlistOffered, "updated_at": now})
		return err
	})
}

// AcceptOffer turns an open offer into a booking awaiting payment. The
// offer's state transition and the booking commit together, and the
// booking id is derived from the offer, so accepting twice is harmless.
func (s *waitlistService) AcceptOffer(ctx context.Context, offerID, memberID string) (*domain.Booking, error) {
	var booking *domain.Booking
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		now := s.now()
		n, err := s.offers.UpdateWhere(ctx,
			map[string]any{"status": domain.OfferAccepted, "accepted_at": now},
			"id = ? AND member_id = ? AND status = ? AND expires_at > ?",
			offerID, memberID, domain.OfferOpen, now)
		if err != nil {
			return err
		}
		offer, err := s.offers.Get(ctx, offerID)
		if err != nil {
			return notFoundOr(err, "offer")
		}
		if offer.MemberID != memberID {
			return forbidden("offer belongs to another member")
		}
		if n == 0 {
			if offer.Status == domain.OfferAccepted && offer.BookingID != nil {
				booking, err = s.bookings.Get(ctx, *offer.BookingID)
				return err
			}
			return conflict("offer is %s", offer.Status)
		}

		tt, err := s.teeTimes.GetForUpdate(ctx, offer.TeeTimeID)
		if err != nil {
			return err
		}
		course, err := s.courses.Get(ctx, tt.CourseID)
		if err != nil {
			return err
		}
		member, err := s.members.Get(ctx, memberID)
		if err != nil {
			return err
		}
		perPlayer := course.GreenFeeMemberCents
		if member.Visitor {
			perPlayer = course.GreenFeeVisitorCents
		}
		fee := perPlayer * int64(offer.Players)
		b := &domain.Booking{
			ID:             ids.Derive("waitlist-offer", offer.ID),
			TeeTimeID:      tt.ID,
			CourseID:       course.ID,
			MemberID:       memberID,
			Players:        offer.Players,
			GreenFeeCents:  fee,
			AmountDueCents: fee,
			Currency:       s.cfg.DefaultCurrency,
			Status:         domain.BookingPendingPayment,
			Source:         "waitlist",
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := s.bookings.Create(ctx, b); err != nil {
			return err
		}
		if err := s.teeTimes.AddPlayers(ctx, tt.ID, offer.Players); err != nil {
			if errors.Is(err, store.ErrSlotFull) {
				return conflict("the tee time has been taken")
			}
			return err
		}
		if _, err := s.offers.UpdateWhere(ctx, map[string]any{"booking_id": b.ID}, "id = ?", offer.ID); err != nil {
			return err
		}
		if _, err := s.entries.Update(ctx, offer.EntryID, map[string]any{"status": domain.WaitlistFulfilled, "updated_at": now}); err != nil {
			return err
		}
		booking = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	return booking, nil
}

// ExpireOffers lapses overdue offers and re-queues their tee times so the
// next entry in line is offered the slot.
func (s *waitlistService) ExpireOffers(ctx context.Context) (int, error) {
	var total int
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		expired, err := s.offers.ExpireDue(ctx, s.now(), 200)
		if err != nil {
			return err
		}
		for _, o := range expired {
			if _, err := s.entries.Update(ctx, o.EntryID, map[string]any{"status": domain.WaitlistExpired, "updated_at": s.now()}); err != nil {
				return err
			}
			if _, err := s.jobs.EnqueueTx(ctx, queue.WaitlistFillArgs{TeeTimeID: o.TeeTimeID}); err != nil {
				return err
			}
		}
		total = len(expired)
		return nil
	})
	return total, err
}
