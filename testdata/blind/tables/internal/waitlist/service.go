// Package waitlist manages the per-restaurant waitlist and the SMS offers
// sent when a table frees up.
package waitlist

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tablewise/reservations/internal/audit"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/store"
)

const offerTTL = 15 * time.Minute

var (
	ErrNotFound         = errors.New("waitlist: not found")
	ErrOfferUnavailable = errors.New("waitlist: offer expired or already taken")
	ErrEntryClosed      = errors.New("waitlist: entry is no longer waiting")
)

type JoinInput struct {
	RestaurantID string
	DinerID      string
	Phone        string
	GuestName    string
	PartySize    int32
	DesiredAt    time.Time
}

// Service is the waitlist API.
type Service interface {
	Join(ctx context.Context, in JoinInput) (db.WaitlistEntry, error)
	SendOffer(ctx context.Context, restaurantID, entryID, slotID string) (db.WaitlistOffer, error)
	AcceptOffer(ctx context.Context, offerID string) (db.Booking, error)
}

type service struct {
	st  *store.Store
	sms sms.Sender
	now func() time.Time
	log *slog.Logger
}

func New(st *store.Store, sender sms.Sender, log *slog.Logger) Service {
	return &service{st: st, sms: sender, now: time.Now, log: log.With("component", "waitlist")}
}

// Join adds a party to the waitlist and texts an acknowledgement.
func (s *service) Join(ctx context.Context, in JoinInput) (db.WaitlistEntry, error) {
	r, err := s.st.GetRestaurant(ctx, in.RestaurantID)
	if store.IsNotFound(err) {
		return db.WaitlistEntry{}, ErrNotFound
	}
	if err != nil {
		return db.WaitlistEntry{}, err
	}
	entry, err := s.st.InsertWaitlistEntry(ctx, db.InsertWaitlistEntryParams{
		ID:           ids.New(ids.PrefixWaitlist),
		RestaurantID: r.ID,
		DinerID:      pgconv.Text(in.DinerID),
		Phone:        in.Phone,
		GuestName:    in.GuestName,
		PartySize:    in.PartySize,
		DesiredAt:    pgconv.Time(in.DesiredAt.UTC()),
	})
	if err != nil {
		return db.WaitlistEntry{}, fmt.Errorf("waitlist: insert entry: %w", err)
	}

	msg := sms.NewMessage(entry.Phone).
		Text(joinText(r.Name, in.DesiredAt, location(r.Timezone))).
		Purpose("waitlist_join").
		Ref("wl-join:" + entry.ID).
		Build()
	if _, err := s.sms.Send(ctx, msg); err != nil {
		s.log.WarnContext(ctx, "waitlist join sms", "entry_id", entry.ID, "err", err)
	}
	return entry, nil
}

// SendOffer offers a freed slot to a waiting party.
func (s *service) SendOffer(ctx context.Context, restaurantID, entryID, slotID string) (db.WaitlistOffer, error) {
	entry, err := s.st.GetWaitlistEntry(ctx, entryID)
	if store.IsNotFound(err) || (err == nil && entry.RestaurantID != restaurantID) {
		return db.WaitlistOffer{}, ErrNotFound
	}
	if err != nil {
		return db.WaitlistOffer{}, err
	}
	if entry.Status != "waiting" && entry.Status != "offered" {
		return db.WaitlistOffer{}, ErrEntryClosed
	}
	slot, err := s.st.GetSlot(ctx, slotID)
	if err != nil || slot.RestaurantID != restaurantID {
		return db.WaitlistOffer{}, ErrNotFound
	}
	r, err := s.st.GetRestaurant(ctx, restaurantID)
	if err != nil {
		return db.WaitlistOffer{}, err
	}

	offer, err := store.InTx(ctx, s.st, func(q *db.Queries) (db.WaitlistOffer, error) {
		o, err := q.UpsertWaitlistOffer(ctx, db.UpsertWaitlistOfferParams{
			ID:        ids.New(ids.PrefixOffer),
			EntryID:   entry.ID,
			SlotID:    slot.ID,
			ExpiresAt: pgconv.Time(s.now().Add(offerTTL)),
		})
		if err != nil {
			return db.WaitlistOffer{}, err
		}
		return o, q.SetWaitlistEntryStatus(ctx, db.SetWaitlistEntryStatusParams{ID: entry.ID, Status: "offered"})
	})
	if err != nil {
		return db.WaitlistOffer{}, err
	}

	msg := sms.NewMessage(entry.Phone).
		Text(offerText(r.Name, slot.StartsAt.Time, location(r.Timezone), offer.ID, offerTTL)).
		Purpose("waitlist_offer").
		Ref(ids.MessageRef()).
		Build()
	if _, err := s.sms.Send(ctx, msg); err != nil {
		return offer, fmt.Errorf("waitlist: send offer: %w", err)
	}
	return offer, nil
}

// AcceptOffer turns an offer into a confirmed booking. The offer row is
// claimed with a conditional update in the same transaction as the booking
// insert; a repeated accept finds the offer already accepted and returns the
// booking recorded on it.
func (s *service) AcceptOffer(ctx context.Context, offerID string) (db.Booking, error) {
	type accepted struct {
		booking db.Booking
		entry   db.WaitlistEntry
		fresh   bool
	}
	res, err := store.InTx(ctx, s.st, func(q *db.Queries) (accepted, error) {
		offer, err := q.ClaimWaitlistOffer(ctx, offerID)
		if store.IsNotFound(err) {
			prev, gerr := q.GetWaitlistOffer(ctx, offerID)
			if gerr != nil {
				if store.IsNotFound(gerr) {
					return accepted{}, ErrNotFound
				}
				return accepted{}, gerr
			}
			if prev.Status == "accepted" && prev.BookingID.Valid {
				b, err := q.GetBooking(ctx, prev.BookingID.String)
				return accepted{booking: b}, err
			}
			return accepted{}, ErrOfferUnavailable
		}
		if err != nil {
			return accepted{}, err
		}
		entry, err := q.GetWaitlistEntry(ctx, offer.EntryID)
		if err != nil {
			return accepted{}, err
		}
		slot, err := q.GetSlotForUpdate(ctx, offer.SlotID)
		if err != nil {
			return accepted{}, err
		}
		b, err := q.InsertBooking(ctx, db.InsertBookingParams{
			ID:           ids.Booking(),
			RestaurantID: entry.RestaurantID,
			DinerID:      entry.DinerID,
			SlotID:       pgconv.Text(slot.ID),
			PartySize:    entry.PartySize,
			Status:       "confirmed",
			Source:       "waitlist",
			GuestName:    entry.GuestName,
			StartsAt:     slot.StartsAt,
			EndsAt:       pgconv.Time(slot.StartsAt.Time.Add(time.Duration(slot.DurationMinutes) * time.Minute)),
		})
		if store.IsUniqueViolation(err) {
			return accepted{}, ErrOfferUnavailable
		}
		if err != nil {
			return accepted{}, err
		}
		if err := q.SetOfferBooking(ctx, db.SetOfferBookingParams{ID: offer.ID, BookingID: pgconv.Text(b.ID)}); err != nil {
			return accepted{}, err
		}
		if err := q.SetWaitlistEntryStatus(ctx, db.SetWaitlistEntryStatusParams{ID: entry.ID, Status: "booked"}); err != nil {
			return accepted{}, err
		}
		if err := audit.Record(ctx, q, b.ID, "created_from_waitlist", audit.ActorDiner, map[string]any{"offer_id": offer.ID}); err != nil {
			return accepted{}, err
		}
		return accepted{booking: b, entry: entry, fresh: true}, nil
	})
	if err != nil {
		return db.Booking{}, err
	}

	if res.fresh {
		if r, err := s.st.GetRestaurant(ctx, res.booking.RestaurantID); err == nil {
			msg := sms.NewMessage(res.entry.Phone).
				Text(acceptedText(r.Name, res.booking.StartsAt.Time, location(r.Timezone))).
				Purpose("waitlist_booked").
				Ref("wl-booked:" + offerID).
				Build()
			if _, err := s.sms.Send(ctx, msg); err != nil {
				s.log.WarnContext(ctx, "waitlist booked sms", "offer_id", offerID, "err", err)
			}
		}
	}
	return res.booking, nil
}
