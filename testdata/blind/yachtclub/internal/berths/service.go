// Package berths manages berth assignments, releases and the berth waitlist.
package berths

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/notify"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/platform/pgerr"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// OfferWindow is how long a member has to accept a berth offer.
const OfferWindow = 72 * time.Hour

// Service is the berth surface.
type Service interface {
	Assign(ctx context.Context, in AssignInput) (*domain.BerthAssignment, error)
	Release(ctx context.Context, berthID string, on time.Time) (*domain.BerthAssignment, error)
	JoinWaitlist(ctx context.Context, in WaitlistInput) (*WaitlistView, error)
	AcceptOffer(ctx context.Context, entryID, memberID string) (*domain.BerthAssignment, error)
	OfferNext(ctx context.Context, berthID string) error
}

type AssignInput struct {
	BerthID  string
	MemberID string
	BoatName string
	StartsOn time.Time
}

type WaitlistInput struct {
	MemberID   string
	BerthClass string
	BoatName   string
	BoatLOAFt  int
}

type WaitlistView struct {
	Entry    *domain.WaitlistEntry `json:"entry"`
	Position int                   `json:"position"`
}

type service struct {
	db        bun.IDB
	uow       uow.UnitOfWork
	repos     *store.Repos
	publisher kafka.Publisher
	texter    notify.Texter
	newID     ids.Generator
	now       func() time.Time
	log       *slog.Logger
}

// New builds the berth service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, pub kafka.Publisher, texter notify.Texter, log *slog.Logger) Service {
	return &service{db: db, uow: u, repos: repos, publisher: pub, texter: texter,
		newID: ids.ULIDs, now: time.Now, log: log}
}

type assignedPayload struct {
	BerthID  string    `json:"berth_id"`
	MemberID string    `json:"member_id"`
	BoatName string    `json:"boat_name"`
	StartsOn time.Time `json:"starts_on"`
}

// Assign gives an available berth to a member directly (office assignments
// outside the waitlist, e.g. a swap between two members).
func (s *service) Assign(ctx context.Context, in AssignInput) (*domain.BerthAssignment, error) {
	berth, err := s.repos.Berths.Get(ctx, s.db, in.BerthID)
	if err != nil {
		return nil, notFound(err)
	}
	if berth.Status != domain.BerthAvailable {
		return nil, httpx.Conflict("berth %s-%d is %s", berth.Dock, berth.Slip, berth.Status)
	}
	now := s.now()

	// The dockmaster's tablet renders the dock chart from marina.berths; it
	// needs the new tenant before the boat arrives at the slip.
	evt, err := kafka.NewEvent(s.newID(), "berth.assigned", berth.ID, now, assignedPayload{
		BerthID: berth.ID, MemberID: in.MemberID, BoatName: in.BoatName, StartsOn: in.StartsOn,
	})
	if err != nil {
		return nil, err
	}
	if err := s.publisher.Publish(ctx, kafka.TopicBerths, evt); err != nil {
		return nil, fmt.Errorf("notify dockmaster: %w", err)
	}

	a := &domain.BerthAssignment{
		ID:        s.newID(),
		BerthID:   berth.ID,
		MemberID:  in.MemberID,
		BoatName:  in.BoatName,
		StartsOn:  in.StartsOn,
		Status:    "active",
		Source:    "office",
		CreatedAt: now,
	}
	err = s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.repos.Berths.Transition(ctx, tx, berth.ID, domain.BerthOccupied, domain.BerthAvailable)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Conflict("berth is no longer available")
		}
		return s.repos.Berths.InsertAssignment(ctx, tx, a)
	})
	if pgerr.IsForeignKeyViolation(err) {
		return nil, httpx.Invalid("unknown member %s", in.MemberID)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

type vacatedPayload struct {
	BerthID      string    `json:"berth_id"`
	AssignmentID string    `json:"assignment_id"`
	BerthClass   string    `json:"berth_class"`
	VacatedOn    time.Time `json:"vacated_on"`
}

// Release ends the active assignment on a berth and announces the vacancy
// through the outbox. Releasing an already released berth returns the last
// assignment.
func (s *service) Release(ctx context.Context, berthID string, on time.Time) (*domain.BerthAssignment, error) {
	var out *domain.BerthAssignment
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		berth, err := s.repos.Berths.GetForUpdate(ctx, tx, berthID)
		if err != nil {
			return notFound(err)
		}
		a, err := s.repos.Berths.ActiveAssignment(ctx, tx, berthID)
		if errors.Is(err, store.ErrNotFound) {
			last, err := s.repos.Berths.LatestAssignment(ctx, tx, berthID)
			if err != nil {
				return notFound(err)
			}
			out = last
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := s.repos.Berths.EndAssignment(ctx, tx, a.ID, on); err != nil {
			return err
		}
		if _, err := s.repos.Berths.Transition(ctx, tx, berthID, domain.BerthAvailable, domain.BerthOccupied); err != nil {
			return err
		}
		payload, err := json.Marshal(vacatedPayload{BerthID: berthID, AssignmentID: a.ID, BerthClass: berth.BerthClass, VacatedOn: on})
		if err != nil {
			return err
		}
		if err := s.repos.Events.AddOutbox(ctx, tx, &domain.OutboxEvent{
			ID:        "berth.vacated:" + a.ID,
			Topic:     kafka.TopicBerths,
			EventType: "berth.vacated",
			PartKey:   berthID,
			Payload:   payload,
			CreatedAt: s.now(),
		}); err != nil {
			return err
		}
		a.Status, a.EndsOn = "ended", &on
		out = a
		return nil
	})
	return out, err
}

// JoinWaitlist puts a member on the waitlist for a berth class.
func (s *service) JoinWaitlist(ctx context.Context, in WaitlistInput) (*WaitlistView, error) {
	m, err := s.repos.Members.Get(ctx, s.db, in.MemberID)
	if err != nil {
		return nil, notFound(err)
	}
	if m.Status != domain.MemberActive {
		return nil, httpx.Conflict("only active members may join the waitlist")
	}
	e := &domain.WaitlistEntry{
		ID:         s.newID(),
		MemberID:   in.MemberID,
		BerthClass: in.BerthClass,
		BoatName:   in.BoatName,
		BoatLOAFt:  in.BoatLOAFt,
		Status:     domain.WaitlistWaiting,
		JoinedAt:   s.now(),
	}
	if err := s.repos.Waitlist.Insert(ctx, s.db, e); err != nil {
		return nil, fmt.Errorf("join waitlist: %w", err)
	}
	pos, err := s.repos.Waitlist.Position(ctx, s.db, e)
	if err != nil {
		return nil, err
	}
	return &WaitlistView{Entry: e, Position: pos}, nil
}

// AcceptOffer converts an open offer into a berth assignment.
func (s *service) AcceptOffer(ctx context.Context, entryID, memberID string) (*domain.BerthAssignment, error) {
	entry, err := s.repos.Waitlist.Get(ctx, s.db, entryID)
	if err != nil {
		return nil, notFound(err)
	}
	if entry.MemberID != memberID {
		return nil, httpx.ErrForbidden
	}
	now := s.now()
	accepted, err := s.repos.Waitlist.Accept(ctx, s.db, entryID, now)
	if err != nil {
		return nil, err
	}
	if !accepted {
		return nil, httpx.Conflict("offer is no longer open")
	}

	a := &domain.BerthAssignment{
		ID:        s.newID(),
		BerthID:   entry.OfferedBerthID,
		MemberID:  entry.MemberID,
		BoatName:  entry.BoatName,
		StartsOn:  now.Truncate(24 * time.Hour),
		Status:    "active",
		Source:    "waitlist",
		CreatedAt: now,
	}
	err = s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.repos.Berths.Transition(ctx, tx, entry.OfferedBerthID, domain.BerthOccupied, domain.BerthOffered)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Conflict("berth is no longer on offer")
		}
		return s.repos.Berths.InsertAssignment(ctx, tx, a)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// OfferNext offers a vacant berth to the longest-waiting member whose boat
// fits. Runs from the waitlist_offer job.
func (s *service) OfferNext(ctx context.Context, berthID string) error {
	berth, err := s.repos.Berths.Get(ctx, s.db, berthID)
	if err != nil {
		return err
	}
	if berth.Status != domain.BerthAvailable {
		return nil
	}
	if _, err := s.repos.Waitlist.OpenOfferFor(ctx, s.db, berthID); err == nil {
		return nil
	}
	entry, err := s.repos.Waitlist.PeekWaiting(ctx, s.db, berth.BerthClass, berth.MaxLOAFt)
	if errors.Is(err, store.ErrNotFound) {
		s.log.InfoContext(ctx, "no waitlist entry fits berth", "berth", berthID)
		return nil
	}
	if err != nil {
		return err
	}
	member, err := s.repos.Members.Get(ctx, s.db, entry.MemberID)
	if err != nil {
		return err
	}
	expires := s.now().Add(OfferWindow)

	msg := fmt.Sprintf("Tidewater YC: berth %s-%d (%s) is available for %s. Reply in the member portal by %s to accept.",
		berth.Dock, berth.Slip, berth.BerthClass, entry.BoatName, expires.Format("Mon Jan 2 3:04pm"))
	if _, err := s.texter.SendSMS(ctx, member.Phone, msg); err != nil {
		return fmt.Errorf("text offer: %w", err)
	}

	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.repos.Waitlist.MarkOffered(ctx, tx, entry.ID, berthID, expires)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("waitlist entry %s changed while offering", entry.ID)
		}
		ok, err = s.repos.Berths.Transition(ctx, tx, berthID, domain.BerthOffered, domain.BerthAvailable)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("berth %s changed while offering", berthID)
		}
		return nil
	})
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return err
}
