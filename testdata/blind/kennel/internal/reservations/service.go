package reservations

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/idem"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/refunds"
)

const scopeBook = "reservations.book"

// ErrFull is returned when a location has no free run for some night.
var ErrFull = fmt.Errorf("%w: location is fully booked for those dates", platform.ErrConflict)

// Service is the reservation aggregate's API.
type Service interface {
	Book(ctx context.Context, idemKey string, req BookRequest) (*BookResult, error)
	Get(ctx context.Context, id uuid.UUID) (*Reservation, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (*Reservation, error)
	CheckIn(ctx context.Context, id uuid.UUID, staffID string) (*Reservation, error)
}

// BookRequest is the POST /reservations body.
type BookRequest struct {
	OwnerID    uuid.UUID `json:"owner_id"`
	DogID      uuid.UUID `json:"dog_id"`
	LocationID string    `json:"location_id"`
	CheckIn    string    `json:"check_in"`
	CheckOut   string    `json:"check_out"`
	Notes      string    `json:"notes,omitempty"`
}

// BookResult is returned by Book and replayed for repeated keys.
type BookResult struct {
	Reservation *Reservation `json:"reservation"`
	Deposit     *Deposit     `json:"deposit"`
}

type service struct {
	db     *bun.DB
	repo   *Repo
	dir    owners.Directory
	queue  queue.Enqueuer
	outbox *notify.Outbox
	refund *platform.Store[refunds.Refund]
	policy Policy
	cfg    *config.Config
}

// NewService returns the Service.
func NewService(db *bun.DB, repo *Repo, dir owners.Directory, q queue.Enqueuer, outbox *notify.Outbox, cfg *config.Config) Service {
	return &service{
		db:     db,
		repo:   repo,
		dir:    dir,
		queue:  q,
		outbox: outbox,
		refund: platform.NewStore[refunds.Refund](db),
		policy: Policy{FreeCancelWindow: cfg.FreeCancelWindow, LateCancelPercent: 50},
		cfg:    cfg,
	}
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (*Reservation, error) {
	return s.repo.Get(ctx, id)
}

func (s *service) Book(ctx context.Context, idemKey string, req BookRequest) (*BookResult, error) {
	checkIn, err := time.Parse("2006-01-02", req.CheckIn)
	if err != nil {
		return nil, httpx.Invalid("check_in must be YYYY-MM-DD")
	}
	checkOut, err := time.Parse("2006-01-02", req.CheckOut)
	if err != nil {
		return nil, httpx.Invalid("check_out must be YYYY-MM-DD")
	}
	nights := int(checkOut.Sub(checkIn).Hours() / 24)
	if nights < 1 || nights > 60 {
		return nil, httpx.Invalid("a stay is 1 to 60 nights")
	}

	owner, err := s.dir.Owner(ctx, req.OwnerID)
	if err != nil {
		return nil, err
	}
	dog, err := s.dir.Dog(ctx, req.DogID)
	if err != nil {
		return nil, err
	}
	if dog.OwnerID != owner.ID {
		return nil, httpx.Invalid("dog does not belong to owner")
	}
	if !owner.CanBeCharged() {
		return nil, httpx.Invalid("owner has no saved card for the deposit")
	}
	loc, err := s.dir.Location(ctx, req.LocationID)
	if err != nil {
		return nil, err
	}

	var out BookResult
	err = platform.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		prev, err := idem.Claim(ctx, tx, scopeBook, idemKey, idem.Hash(req))
		if err != nil {
			return err
		}
		if prev != nil {
			return json.Unmarshal(prev.Response, &out)
		}

		if err := s.repo.LockLocation(ctx, loc.ID); err != nil {
			return err
		}
		peak, err := s.repo.Occupancy(ctx, loc.ID, checkIn, checkOut)
		if err != nil {
			return err
		}
		if peak >= loc.Capacity {
			return ErrFull
		}

		res := &Reservation{
			ID:               ids.UUID(),
			OwnerID:          owner.ID,
			DogID:            dog.ID,
			LocationID:       loc.ID,
			CheckIn:          checkIn,
			CheckOut:         checkOut,
			Nights:           nights,
			NightlyRateCents: loc.NightlyRateCents,
			Status:           StatusPendingDeposit,
		}
		res.DepositCents = res.LodgingCents() * int64(s.cfg.DepositPercent) / 100
		if req.Notes != "" {
			res.Notes = &req.Notes
		}
		if err := s.repo.Reservations.Insert(ctx, res); err != nil {
			return err
		}

		dep := &Deposit{
			ReservationID: res.ID,
			OwnerID:       owner.ID,
			AmountCents:   res.DepositCents,
			Currency:      s.cfg.Currency,
			Status:        DepositPending,
		}
		if err := s.repo.Deposits.Insert(ctx, dep); err != nil {
			return err
		}
		if _, err := s.queue.InsertTx(ctx, tx, jobs.CollectDeposit{ReservationID: res.ID}, nil); err != nil {
			return err
		}

		out = BookResult{Reservation: res, Deposit: dep}
		return idem.Complete(ctx, tx, scopeBook, idemKey, 201, out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (s *service) Cancel(ctx context.Context, id uuid.UUID, reason string) (*Reservation, error) {
	var out *Reservation
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = platform.WithTx(ctx, tx)

		res := new(Reservation)
		err := tx.NewRaw(`
			UPDATE reservations
			SET status = ?, cancelled_at = now(), cancel_reason = ?
			WHERE id = ? AND status IN (?)
			RETURNING *`,
			StatusCancelled, reason, id, bun.In([]string{StatusPendingDeposit, StatusConfirmed}),
		).Scan(ctx, res)
		if errors.Is(err, sql.ErrNoRows) {
			cur, err := s.repo.Get(ctx, id)
			if err != nil {
				return err
			}
			if cur.Status != StatusCancelled {
				return fmt.Errorf("%w: reservation is %s", platform.ErrConflict, cur.Status)
			}
			out = cur
			return nil
		}
		if err != nil {
			return err
		}
		out = res

		if err := s.repo.VoidPendingDeposit(ctx, id); err != nil {
			return err
		}
		dep, err := s.repo.Deposits.Get(ctx, id)
		if err != nil {
			return err
		}

		var refundCents int64
		if dep.Status == DepositSucceeded && dep.PaymentIntentID != nil {
			refundCents = s.policy.Refundable(res, dep, time.Now())
		}
		if refundCents > 0 {
			rf := &refunds.Refund{
				ID:              ids.Prefixed("rf"),
				ReservationID:   id,
				PaymentIntentID: *dep.PaymentIntentID,
				AmountCents:     refundCents,
				Reason:          "requested_by_customer",
				Status:          refunds.StatusPending,
			}
			created, err := s.refund.InsertIgnore(ctx, rf, "reservation_id")
			if err != nil {
				return err
			}
			if created {
				if _, err := s.queue.InsertTx(ctx, tx, jobs.IssueRefund{RefundID: rf.ID}, nil); err != nil {
					return err
				}
			}
		}

		dog, err := s.dir.Dog(ctx, res.DogID)
		if err != nil {
			return err
		}
		vars := map[string]any{"Dog": dog.Name, "CheckIn": res.CheckIn.Format("Jan 2")}
		if refundCents > 0 {
			vars["Refund"] = notify.Money(refundCents)
		}
		_, err = s.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:       res.OwnerID,
			ReservationID: &res.ID,
			Template:      notify.TplReservationCancelled,
			Vars:          vars,
			DedupKey:      "reservation_cancelled:" + res.ID.String(),
		})
		return err
	})
	return out, err
}

func (s *service) CheckIn(ctx context.Context, id uuid.UUID, staffID string) (*Reservation, error) {
	var out *Reservation
	err := platform.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res := new(Reservation)
		err := tx.NewRaw(`
			UPDATE reservations SET status = ?, checked_in_at = now()
			WHERE id = ? AND status = ? AND check_in <= current_date
			RETURNING *`, StatusCheckedIn, id, StatusConfirmed).Scan(ctx, res)
		if errors.Is(err, sql.ErrNoRows) {
			cur, err := s.repo.Get(ctx, id)
			if err != nil {
				return err
			}
			if cur.Status != StatusCheckedIn {
				return fmt.Errorf("%w: reservation is %s", platform.ErrConflict, cur.Status)
			}
			out = cur
			return nil
		}
		if err != nil {
			return err
		}
		out = res

		dog, err := s.dir.Dog(ctx, res.DogID)
		if err != nil {
			return err
		}
		loc, err := s.dir.Location(ctx, res.LocationID)
		if err != nil {
			return err
		}
		_, err = s.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:       res.OwnerID,
			ReservationID: &res.ID,
			Template:      notify.TplCheckedIn,
			Vars:          map[string]any{"Dog": dog.Name, "Location": loc.Name},
			DedupKey:      "checked_in:" + res.ID.String(),
		})
		return err
	})
	return out, err
}

// Policy decides how much of a deposit is returned on cancellation.
type Policy struct {
	FreeCancelWindow  time.Duration
	LateCancelPercent int64
}

// Refundable returns the refund for cancelling res at now.
func (p Policy) Refundable(res *Reservation, dep *Deposit, now time.Time) int64 {
	if res.CheckIn.Sub(now) >= p.FreeCancelWindow {
		return dep.AmountCents
	}
	return dep.AmountCents * p.LateCancelPercent / 100
}
