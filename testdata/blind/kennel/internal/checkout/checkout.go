// Package checkout closes a stay: it prices lodging and add-ons, applies
// the deposit and redeemed loyalty points, and charges the balance.
package checkout

import (
	"context"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/addons"
	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/reservations"
)

// Invoice statuses.
const (
	InvoiceOpen       = "open"
	InvoiceProcessing = "processing"
	InvoicePaid       = "paid"
	InvoiceFailed     = "payment_failed"
)

// Invoice is the final bill for a stay.
type Invoice struct {
	bun.BaseModel `bun:"table:invoices"`

	ID              uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	ReservationID   uuid.UUID  `bun:"reservation_id,type:uuid,notnull" json:"reservation_id"`
	OwnerID         uuid.UUID  `bun:"owner_id,type:uuid,notnull" json:"owner_id"`
	LodgingCents    int64      `bun:"lodging_cents,notnull" json:"lodging_cents"`
	AddonsCents     int64      `bun:"addons_cents,notnull" json:"addons_cents"`
	DepositApplied  int64      `bun:"deposit_applied,notnull" json:"deposit_applied"`
	LoyaltyApplied  int64      `bun:"loyalty_applied,notnull" json:"loyalty_applied"`
	AmountDueCents  int64      `bun:"amount_due_cents,notnull" json:"amount_due_cents"`
	Currency        string     `bun:"currency,notnull" json:"currency"`
	Status          string     `bun:"status,notnull" json:"status"`
	PaymentIntentID *string    `bun:"payment_intent_id" json:"payment_intent_id,omitempty"`
	CreatedAt       time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	PaidAt          *time.Time `bun:"paid_at" json:"paid_at,omitempty"`
}

// Service checks stays out.
type Service interface {
	Checkout(ctx context.Context, reservationID uuid.UUID) (*Invoice, error)
}

type service struct {
	db       *bun.DB
	stays    *reservations.Repo
	addons   addons.Service
	loyalty  loyalty.Service
	dir      owners.Directory
	queue    queue.Enqueuer
	outbox   *notify.Outbox
	invoices *platform.Store[Invoice]
	cfg      *config.Config
}

// Deps are the service's collaborators.
type Deps struct {
	DB      *bun.DB
	Stays   *reservations.Repo
	Addons  addons.Service
	Loyalty loyalty.Service
	Dir     owners.Directory
	Queue   queue.Enqueuer
	Outbox  *notify.Outbox
	Config  *config.Config
}

// NewService returns the Service.
func NewService(d Deps) Service {
	return &service{
		db:       d.DB,
		stays:    d.Stays,
		addons:   d.Addons,
		loyalty:  d.Loyalty,
		dir:      d.Dir,
		queue:    d.Queue,
		outbox:   d.Outbox,
		invoices: platform.NewStore[Invoice](d.DB),
		cfg:      d.Config,
	}
}

// redeemedPoints sums points redeemed against this stay.
func (s *service) redeemedPoints(ctx context.Context, reservationID uuid.UUID) (int64, error) {
	var pts int64
	err := s.db.NewRaw(`
		SELECT COALESCE(-SUM(delta), 0) FROM loyalty_ledger
		WHERE reference = ? AND reason = ?`, reservationID.String(), loyalty.ReasonRedeemed).Scan(ctx, &pts)
	return pts, err
}

func (s *service) Checkout(ctx context.Context, reservationID uuid.UUID) (*Invoice, error) {
	res, err := s.stays.Get(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	switch res.Status {
	case reservations.StatusCheckedOut:
		return s.invoices.FindOne(ctx, "reservation_id = ?", reservationID)
	case reservations.StatusCheckedIn:
	default:
		return nil, fmt.Errorf("%w: reservation is %s", platform.ErrConflict, res.Status)
	}

	extras, err := s.addons.Unbilled(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	dep, err := s.stays.Deposits.Get(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	redeemed, err := s.redeemedPoints(ctx, reservationID)
	if err != nil {
		return nil, err
	}

	inv := &Invoice{
		ID:            ids.UUID(),
		ReservationID: res.ID,
		OwnerID:       res.OwnerID,
		LodgingCents:  res.LodgingCents(),
		Currency:      s.cfg.Currency,
		Status:        InvoiceOpen,
	}
	for _, a := range extras {
		inv.AddonsCents += a.PriceCents
	}
	gross := inv.LodgingCents + inv.AddonsCents
	if dep.Status == reservations.DepositSucceeded {
		inv.DepositApplied = min(dep.AmountCents, gross)
	}
	inv.LoyaltyApplied = min(s.loyalty.CreditCents(redeemed), gross-inv.DepositApplied)
	inv.AmountDueCents = gross - inv.DepositApplied - inv.LoyaltyApplied

	points := gross / s.cfg.LoyaltyPointsPer
	if err := s.loyalty.Accrue(ctx, res.OwnerID, points, loyalty.ReasonStay, res.ID.String()); err != nil {
		return nil, fmt.Errorf("accrue stay points: %w", err)
	}

	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = platform.WithTx(ctx, tx)
		r, err := tx.NewUpdate().Model((*reservations.Reservation)(nil)).
			Set("status = ?", reservations.StatusCheckedOut).
			Set("checked_out_at = now()").
			Where("id = ? AND status = ?", res.ID, reservations.StatusCheckedIn).
			Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: reservation changed during checkout", platform.ErrConflict)
		}

		if inv.AmountDueCents == 0 {
			inv.Status = InvoicePaid
		}
		if _, err := s.invoices.InsertIgnore(ctx, inv, "reservation_id"); err != nil {
			return err
		}
		if err := s.addons.MarkBilled(ctx, tx, res.ID, inv.ID); err != nil {
			return err
		}
		if inv.AmountDueCents > 0 {
			if _, err := s.queue.InsertTx(ctx, tx, jobs.ChargeInvoice{InvoiceID: inv.ID}, nil); err != nil {
				return err
			}
		}

		dog, err := s.dir.Dog(ctx, res.DogID)
		if err != nil {
			return err
		}
		_, err = s.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:       res.OwnerID,
			ReservationID: &res.ID,
			Template:      notify.TplCheckedOut,
			Vars: map[string]any{
				"Dog":    dog.Name,
				"Total":  notify.Money(gross),
				"Points": points,
			},
			DedupKey: "checked_out:" + res.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// Handler serves the checkout endpoint.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the route.
func (h *Handler) Register(r fiber.Router) {
	r.Post("/reservations/:id/checkout", h.checkout)
}

func (h *Handler) checkout(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	inv, err := h.svc.Checkout(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(inv)
}
