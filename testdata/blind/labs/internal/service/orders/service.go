// Package orders accepts test orders from EHR partners and manages their
// lifecycle.
package orders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/store"
)

// Errors surfaced to the API.
var (
	ErrUnknownTest   = errors.New("unknown test code")
	ErrNotModifiable = errors.New("order can no longer be modified")
	ErrNotCancelable = errors.New("order can no longer be cancelled")
)

// Service is the order service.
type Service struct {
	db       *sql.DB
	orders   *store.Orders
	patients *store.Patients
	billing  *store.Billing
	partners *store.Partners
	outbox   events.Outbox
	newID    ids.Generator
	log      *slog.Logger

	selfPayDepositCents int64
}

// Option configures the Service.
type Option func(*Service)

// WithIDGenerator replaces the order ID generator.
func WithIDGenerator(g ids.Generator) Option { return func(s *Service) { s.newID = g } }

// WithSelfPayDeposit sets the deposit held for self-pay orders.
func WithSelfPayDeposit(cents int64) Option {
	return func(s *Service) { s.selfPayDepositCents = cents }
}

// New builds the service.
func New(conn *sql.DB, outbox events.Outbox, logger *slog.Logger, opts ...Option) *Service {
	s := &Service{
		db:                  conn,
		orders:              store.NewOrders(conn),
		patients:            store.NewPatients(conn),
		billing:             store.NewBilling(conn),
		partners:            store.NewPartners(conn),
		outbox:              outbox,
		newID:               func() string { return ids.Prefixed("ord") },
		log:                 logger,
		selfPayDepositCents: 5000,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// PatientInput identifies the patient on a requisition.
type PatientInput struct {
	MRN        string `json:"mrn"`
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
	BirthDate  string `json:"birth_date"`
	Phone      string `json:"phone"`
	SMSOptIn   bool   `json:"sms_opt_in"`
	PayerID    string `json:"payer_id"`
	MemberID   string `json:"member_id"`
}

// PlaceInput is a requisition from an EHR.
type PlaceInput struct {
	ExternalOrderID string       `json:"external_order_id"`
	Patient         PatientInput `json:"patient"`
	OrderingNPI     string       `json:"ordering_npi"`
	OrderingPhone   string       `json:"ordering_phone"`
	SiteID          string       `json:"site_id"`
	Priority        string       `json:"priority"`
	BillingMode     string       `json:"billing_mode"`
	TestCodes       []string     `json:"test_codes"`
}

// Placed is the outcome of Place.
type Placed struct {
	Order   store.Order
	Created bool
}

// Place accepts a requisition. A requisition the partner already sent
// returns the existing order.
func (s *Service) Place(ctx context.Context, partnerID string, in PlaceInput) (Placed, error) {
	dob, err := time.Parse("2006-01-02", in.Patient.BirthDate)
	if err != nil {
		return Placed{}, fmt.Errorf("birth_date: %w", err)
	}
	catalog, err := s.orders.CatalogTests(ctx, in.TestCodes)
	if err != nil {
		return Placed{}, err
	}
	for _, code := range in.TestCodes {
		if _, ok := catalog[code]; !ok {
			return Placed{}, fmt.Errorf("%w: %s", ErrUnknownTest, code)
		}
	}
	if in.Priority == "" {
		in.Priority = "routine"
	}
	if in.BillingMode == "" {
		in.BillingMode = "insurance"
	}

	return db.InTxValue(ctx, s.db, func(tx *sql.Tx) (Placed, error) {
		patientID, err := s.patients.WithTx(tx).Upsert(ctx, store.Patient{
			ID:         uuid.New(),
			PartnerID:  partnerID,
			MRN:        in.Patient.MRN,
			GivenName:  in.Patient.GivenName,
			FamilyName: in.Patient.FamilyName,
			BirthDate:  dob,
			Phone:      in.Patient.Phone,
			SMSOptIn:   in.Patient.SMSOptIn,
			PayerID:    in.Patient.PayerID,
			MemberID:   in.Patient.MemberID,
		})
		if err != nil {
			return Placed{}, fmt.Errorf("upsert patient: %w", err)
		}

		repo := s.orders.WithTx(tx)
		o := store.Order{
			ID:              s.newID(),
			PartnerID:       partnerID,
			ExternalOrderID: in.ExternalOrderID,
			PatientID:       patientID,
			OrderingNPI:     in.OrderingNPI,
			OrderingPhone:   in.OrderingPhone,
			SiteID:          in.SiteID,
			Priority:        in.Priority,
			BillingMode:     in.BillingMode,
		}
		inserted, err := repo.InsertIfAbsent(ctx, &o)
		if err != nil {
			return Placed{}, fmt.Errorf("insert order: %w", err)
		}
		if !inserted {
			existing, err := repo.GetByExternal(ctx, partnerID, in.ExternalOrderID)
			return Placed{Order: existing}, err
		}

		for _, code := range in.TestCodes {
			ct := catalog[code]
			if err := repo.InsertOriginalTest(ctx, store.OrderTest{
				ID:         uuid.New(),
				OrderID:    o.ID,
				TestCode:   ct.Code,
				CPTCode:    ct.CPTCode,
				PriceCents: ct.PriceCents,
			}); err != nil {
				return Placed{}, fmt.Errorf("insert test %s: %w", code, err)
			}
		}

		if o.BillingMode == "self_pay" {
			b := s.billing.WithTx(tx)
			if err := s.patients.WithTx(tx).EnsureAccount(ctx, patientID); err != nil {
				return Placed{}, err
			}
			if err := b.InsertDeposit(ctx, store.Deposit{
				ID:          ids.Prefixed("dep"),
				OrderID:     o.ID,
				PatientID:   patientID,
				AmountCents: s.selfPayDepositCents,
			}); err != nil {
				return Placed{}, fmt.Errorf("hold deposit: %w", err)
			}
		}

		err = s.outbox.Publish(ctx, tx, events.TopicOrderPlaced, events.OrderPlaced{
			OrderID:         o.ID,
			PartnerID:       partnerID,
			ExternalOrderID: o.ExternalOrderID,
			PatientID:       patientID.String(),
			SiteID:          o.SiteID,
			Priority:        o.Priority,
			BillingMode:     o.BillingMode,
			TestCodes:       in.TestCodes,
			PlacedAt:        o.CreatedAt,
		})
		return Placed{Order: o, Created: true}, err
	})
}

// Get returns an order visible to partnerID.
func (s *Service) Get(ctx context.Context, partnerID, orderID string) (store.Order, []store.OrderTest, error) {
	o, err := s.orders.GetForPartner(ctx, partnerID, orderID)
	if err != nil {
		return o, nil, err
	}
	tests, err := s.orders.Tests(ctx, o.ID)
	return o, tests, err
}

var cancelableStatuses = []string{"placed", "on_hold", "collected"}

// Cancel cancels an order that has not reached the bench. Cancelling a
// cancelled order returns it unchanged.
func (s *Service) Cancel(ctx context.Context, partnerID, orderID, reason string) (store.Order, error) {
	current, err := s.orders.GetForPartner(ctx, partnerID, orderID)
	if err != nil {
		return current, err
	}
	if current.Status == "cancelled" {
		return current, nil
	}
	if !slices.Contains(cancelableStatuses, current.Status) {
		return current, ErrNotCancelable
	}
	return db.InTxValue(ctx, s.db, func(tx *sql.Tx) (store.Order, error) {
		o, err := s.orders.WithTx(tx).Transition(ctx, orderID, cancelableStatuses, "cancelled", reason)
		if errors.Is(err, db.ErrNotFound) {
			latest, gerr := s.orders.WithTx(tx).Get(ctx, orderID)
			if gerr == nil && latest.Status == "cancelled" {
				return latest, nil
			}
			return latest, ErrNotCancelable
		}
		if err != nil {
			return o, err
		}
		err = s.outbox.Publish(ctx, tx, events.TopicOrderCancelled, events.OrderCancelled{
			OrderID:     o.ID,
			PatientID:   o.PatientID.String(),
			Reason:      reason,
			CancelledAt: o.UpdatedAt,
		})
		return o, err
	})
}

// AddTestsInput adds tests to an existing order from the same specimen.
type AddTestsInput struct {
	TestCodes   []string `json:"test_codes"`
	RequestedBy string   `json:"requested_by"`
}

// AddTests appends add-on tests to an order still at the lab.
func (s *Service) AddTests(ctx context.Context, partnerID, orderID string, in AddTestsInput) ([]store.OrderTest, error) {
	o, err := s.orders.GetForPartner(ctx, partnerID, orderID)
	if err != nil {
		return nil, err
	}
	if o.Status == "cancelled" || o.Status == "resulted" {
		return nil, ErrNotModifiable
	}
	catalog, err := s.orders.CatalogTests(ctx, in.TestCodes)
	if err != nil {
		return nil, err
	}
	added := make([]store.OrderTest, 0, len(in.TestCodes))
	err = db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		repo := s.orders.WithTx(tx)
		for _, code := range in.TestCodes {
			ct, ok := catalog[code]
			if !ok {
				return fmt.Errorf("%w: %s", ErrUnknownTest, code)
			}
			t := store.OrderTest{
				ID:          uuid.New(),
				OrderID:     o.ID,
				TestCode:    ct.Code,
				CPTCode:     ct.CPTCode,
				PriceCents:  ct.PriceCents,
				Source:      "add_on",
				RequestedBy: in.RequestedBy,
			}
			if err := repo.InsertTest(ctx, t); err != nil {
				return fmt.Errorf("insert add-on %s: %w", code, err)
			}
			added = append(added, t)
		}
		return repo.Touch(ctx, o.ID)
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "add-on tests recorded", "order_id", o.ID, "count", len(added))
	return added, nil
}
