// Package rentals handles reservations, move-ins, autopay setup and move-outs.
package rentals

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

// Store is the rental side of storage.
type Store interface {
	Facility(ctx context.Context, id string) (*domain.Facility, error)
	Unit(ctx context.Context, id string) (*domain.Unit, error)
	CountAvailable(ctx context.Context, facilityID, size string) (int, error)
	RateFor(ctx context.Context, facilityID, size string) (int64, error)
	ClaimVacantUnit(ctx context.Context, unitID string) (bool, error)
	SetUnitStatus(ctx context.Context, unitID string, st domain.UnitStatus) error
	UpsertCustomer(ctx context.Context, c domain.Customer) (string, error)
	Customer(ctx context.Context, id string) (*domain.Customer, error)
	SetStripeCustomer(ctx context.Context, customerID, stripeID string) error
	Rental(ctx context.Context, id string) (*domain.Rental, error)
	InsertRental(ctx context.Context, r domain.Rental) (*domain.Rental, bool, error)
	MarkReservationConverted(ctx context.Context, id string) error
	SetAutopay(ctx context.Context, rentalID string, pmID *string) error
	CloseRental(ctx context.Context, rentalID string, on time.Time) error
	RecordMoveOut(ctx context.Context, rentalID string, on time.Time, credit int64) error
}

// Reservations stores unit holds.
type Reservations interface {
	Insert(ctx context.Context, r *store.Reservation) error
	Get(ctx context.Context, id any) (*store.Reservation, error)
}

// Codes stores tenant gate PINs.
type Codes interface {
	SetCode(ctx context.Context, rentalID, unitID, pin string) (*domain.AccessCode, error)
	RevokeCode(ctx context.Context, rentalID string) error
}

// Billing is what rentals needs from the billing service.
type Billing interface {
	OpenFirstInvoice(ctx context.Context, r *domain.Rental) (*domain.Invoice, error)
	IssueCredit(ctx context.Context, rentalID string, amountCents int64, memo, ref string) error
}

// Cards manages the tenant's Stripe customer and saved cards.
type Cards interface {
	EnsureCustomer(ctx context.Context, tenantID, email, name string, opts ...stripepay.CallOption) (string, error)
	AttachPaymentMethod(ctx context.Context, customerID, pmID string) error
}

// GateAccess removes a tenant's codes at the gate controller.
type GateAccess interface {
	RevokeAccess(ctx context.Context, rentalID string) error
}

// Notifier queues tenant messages.
type Notifier interface {
	Queue(ctx context.Context, n notify.Notice) error
}

// Service implements the rental lifecycle.
type Service struct {
	tx           store.TxRunner
	store        Store
	reservations Reservations
	codes        Codes
	billing      Billing
	cards        Cards
	gate         GateAccess
	queue        queue.Enqueuer
	notifier     Notifier
	log          *slog.Logger
	now          func() time.Time
}

type Deps struct {
	Tx           store.TxRunner
	Store        Store
	Reservations Reservations
	Codes        Codes
	Billing      Billing
	Cards        Cards
	Gate         GateAccess
	Queue        queue.Enqueuer
	Notifier     Notifier
	Log          *slog.Logger
}

func New(d Deps) *Service {
	return &Service{
		tx: d.Tx, store: d.Store, reservations: d.Reservations, codes: d.Codes, billing: d.Billing,
		cards: d.Cards, gate: d.Gate, queue: d.Queue, notifier: d.Notifier, log: d.Log, now: time.Now,
	}
}

// CustomerInfo identifies the tenant.
type CustomerInfo struct {
	Email    string `json:"email" binding:"required,email"`
	Phone    string `json:"phone"`
	FullName string `json:"full_name" binding:"required"`
}

// ReserveRequest holds a unit size for a future move-in.
type ReserveRequest struct {
	FacilityID string       `json:"facility_id" binding:"required"`
	SizeCode   string       `json:"size_code" binding:"required"`
	MoveInDate string       `json:"move_in_date" binding:"required"`
	Customer   CustomerInfo `json:"customer" binding:"required"`
}

// Reserve holds a unit of the requested size.
func (s *Service) Reserve(ctx context.Context, req ReserveRequest) (*store.Reservation, error) {
	date, err := time.Parse(time.DateOnly, req.MoveInDate)
	if err != nil {
		return nil, fmt.Errorf("move_in_date: %w", domain.ErrConflict)
	}
	fac, err := s.store.Facility(ctx, req.FacilityID)
	if err != nil {
		return nil, err
	}
	avail, err := s.store.CountAvailable(ctx, fac.ID, req.SizeCode)
	if err != nil {
		return nil, err
	}
	if avail <= 0 {
		return nil, domain.ErrUnitTaken
	}
	rate, err := s.store.RateFor(ctx, fac.ID, req.SizeCode)
	if err != nil {
		return nil, err
	}
	custID, err := s.store.UpsertCustomer(ctx, domain.Customer{
		ID:       ids.New("cus"),
		Email:    strings.TrimSpace(req.Customer.Email),
		Phone:    req.Customer.Phone,
		FullName: req.Customer.FullName,
	})
	if err != nil {
		return nil, err
	}
	res := &store.Reservation{
		ID:              uuid.NewString(),
		FacilityID:      fac.ID,
		SizeCode:        req.SizeCode,
		CustomerID:      custID,
		MoveInDate:      date,
		QuotedRateCents: rate,
		Status:          "held",
		CreatedAt:       s.now(),
	}
	if err := s.reservations.Insert(ctx, res); err != nil {
		return nil, err
	}
	if err := s.notifier.Queue(ctx, notify.Notice{
		Key:       "reservation:" + res.ID,
		Template:  "reservation_confirmed",
		Recipient: req.Customer.Phone,
		Vars: map[string]string{
			"facility": fac.Name,
			"size":     req.SizeCode,
			"date":     req.MoveInDate,
			"ref":      res.ID[:8],
		},
	}); err != nil {
		s.log.WarnContext(ctx, "queue reservation notice", "reservation", res.ID, "err", err)
	}
	return res, nil
}

// MoveInRequest converts a hold (or a walk-in) into a rental of a specific unit.
type MoveInRequest struct {
	Key             string       `json:"-"`
	ReservationID   string       `json:"reservation_id"`
	UnitID          string       `json:"unit_id" binding:"required"`
	Customer        CustomerInfo `json:"customer" binding:"required"`
	MoveInDate      string       `json:"move_in_date" binding:"required"`
	PaymentMethodID string       `json:"payment_method_id"`
	GatePIN         string       `json:"gate_pin" binding:"required,numeric,len=6"`
	InsurancePlan   string       `json:"insurance_plan"`
}

// MoveIn creates the rental, its gate code and its first invoice, then
// queues the gate sync, autopay and insurance enrollment.
func (s *Service) MoveIn(ctx context.Context, req MoveInRequest) (*domain.Rental, error) {
	if req.Key == "" {
		return nil, fmt.Errorf("idempotency key required: %w", domain.ErrConflict)
	}
	date, err := time.Parse(time.DateOnly, req.MoveInDate)
	if err != nil {
		return nil, fmt.Errorf("move_in_date: %w", domain.ErrConflict)
	}
	unit, err := s.store.Unit(ctx, req.UnitID)
	if err != nil {
		return nil, err
	}
	custID, err := s.store.UpsertCustomer(ctx, domain.Customer{
		ID:       ids.New("cus"),
		Email:    strings.TrimSpace(req.Customer.Email),
		Phone:    req.Customer.Phone,
		FullName: req.Customer.FullName,
	})
	if err != nil {
		return nil, err
	}
	billDay := date.Day()
	if billDay > 28 {
		billDay = 28
	}
	var pm, resID *string
	if req.PaymentMethodID != "" {
		pm = &req.PaymentMethodID
	}
	if req.ReservationID != "" {
		resID = &req.ReservationID
	}

	var rental *domain.Rental
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		r, created, err := s.store.InsertRental(ctx, domain.Rental{
			ID:               uuid.NewString(),
			UnitID:           unit.ID,
			CustomerID:       custID,
			ReservationID:    resID,
			MoveInKey:        req.Key,
			MonthlyRateCents: unit.MonthlyRateCents,
			BillDay:          billDay,
			AutopayPMID:      pm,
			StartedOn:        date,
		})
		if err != nil {
			return err
		}
		rental = r
		if !created {
			return nil
		}
		ok, err := s.store.ClaimVacantUnit(ctx, unit.ID)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrUnitTaken
		}
		if resID != nil {
			if err := s.store.MarkReservationConverted(ctx, *resID); err != nil {
				return err
			}
		}
		code, err := s.codes.SetCode(ctx, r.ID, unit.ID, req.GatePIN)
		if err != nil {
			return err
		}
		if _, err := s.billing.OpenFirstInvoice(ctx, r); err != nil {
			return err
		}
		if err := s.queue.Enqueue(ctx, queue.TypePushCode,
			queue.PushCodePayload{RentalID: r.ID, Version: code.Version},
			queue.ID("gatecode", r.ID, fmt.Sprintf("v%d", code.Version)), asynq.Queue(queue.QueueCritical)); err != nil {
			return err
		}
		if req.InsurancePlan != "" {
			if err := s.queue.Enqueue(ctx, queue.TypeInsuranceEnroll,
				queue.EnrollPayload{RentalID: r.ID, PlanCode: req.InsurancePlan},
				queue.ID("enroll", r.ID)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if rental.UnitID != unit.ID || rental.CustomerID != custID {
		return nil, fmt.Errorf("idempotency key reused for a different move-in: %w", domain.ErrConflict)
	}
	return rental, nil
}

// AutopayRequest saves a card for monthly autopay.
type AutopayRequest struct {
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

// SetAutopay attaches the card to the tenant's Stripe customer and turns on
// autopay for the rental.
func (s *Service) SetAutopay(ctx context.Context, rentalID string, req AutopayRequest) error {
	r, err := s.store.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	if !r.Open() {
		return domain.ErrInvalidState
	}
	cust, err := s.store.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	stripeID := ""
	if cust.StripeCustomerID != nil {
		stripeID = *cust.StripeCustomerID
	} else {
		stripeID, err = s.cards.EnsureCustomer(ctx, cust.ID, cust.Email, cust.FullName,
			stripepay.WithIdempotencyKey("customer-"+cust.ID))
		if err != nil {
			return err
		}
		if err := s.store.SetStripeCustomer(ctx, cust.ID, stripeID); err != nil {
			return err
		}
	}
	if err := s.cards.AttachPaymentMethod(ctx, stripeID, req.PaymentMethodID); err != nil {
		return err
	}
	return s.store.SetAutopay(ctx, r.ID, &req.PaymentMethodID)
}

// MoveOutRequest ends a rental.
type MoveOutRequest struct {
	Date string `json:"date" binding:"required"`
}

// MoveOutResult summarizes the move-out.
type MoveOutResult struct {
	RentalID     string `json:"rental_id"`
	CreditCents  int64  `json:"prorate_credit_cents"`
	AlreadyMoved bool   `json:"already_moved_out"`
}

// MoveOut credits the unused part of the month, closes the rental, frees
// the unit for cleaning and revokes the tenant's gate code.
func (s *Service) MoveOut(ctx context.Context, rentalID string, req MoveOutRequest) (*MoveOutResult, error) {
	on, err := time.Parse(time.DateOnly, req.Date)
	if err != nil {
		return nil, fmt.Errorf("date: %w", domain.ErrConflict)
	}
	r, err := s.store.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if r.Status == domain.RentalClosed {
		return &MoveOutResult{RentalID: r.ID, AlreadyMoved: true}, nil
	}
	if r.Status == domain.RentalOverlocked || r.Status == domain.RentalLien {
		return nil, fmt.Errorf("rental %s is %s: %w", r.ID, r.Status, domain.ErrInvalidState)
	}

	credit := int64(0)
	if r.BalanceCents <= 0 {
		credit = domain.ProrateCents(r.MonthlyRateCents, on)
	}
	if err := s.billing.IssueCredit(ctx, r.ID, credit, "Prorated move-out credit", "moveout:"+r.ID); err != nil {
		return nil, err
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.store.CloseRental(ctx, r.ID, on); err != nil {
			return err
		}
		if err := s.store.SetUnitStatus(ctx, r.UnitID, domain.UnitCleaning); err != nil {
			return err
		}
		if err := s.codes.RevokeCode(ctx, r.ID); err != nil {
			return err
		}
		return s.store.RecordMoveOut(ctx, r.ID, on, credit)
	})
	if err != nil {
		return nil, err
	}
	if err := s.gate.RevokeAccess(ctx, r.ID); err != nil && !errors.Is(err, domain.ErrNotFound) {
		s.log.ErrorContext(ctx, "revoke gate access after move-out", "rental", r.ID, "err", err)
	}
	return &MoveOutResult{RentalID: r.ID, CreditCents: credit}, nil
}
