// Package subscription sells season subscriptions on monthly installment
// plans and arranges fulfilment of the printed ticket books.
package subscription

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/harborlight-symphony/encore/internal/clients/mailhouse"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// Repository is the storage the service needs.
type Repository interface {
	Package(ctx context.Context, code string) (*domain.SubscriptionPackage, error)
	Patron(ctx context.Context, id string) (*domain.Patron, error)
	Get(ctx context.Context, id string) (*domain.Subscription, error)
	FindLive(ctx context.Context, patronID, seasonID string) (*domain.Subscription, error)
	CreateWithSchedule(ctx context.Context, sub *domain.Subscription, insts []domain.Installment) (bool, error)
	FulfilmentFor(ctx context.Context, subID string) (*domain.Fulfilment, error)
	InsertFulfilment(ctx context.Context, f *domain.Fulfilment) error
	PerformancesForSeason(ctx context.Context, seasonID string) ([]domain.Performance, error)
}

// Tasks enqueues background work for a subscription.
type Tasks interface {
	EnqueueWelcome(ctx context.Context, subscriptionID string) error
}

// Printer submits ticket books to the fulfilment house.
type Printer interface {
	Submit(ctx context.Context, job mailhouse.Job) (*mailhouse.Accepted, error)
}

// Service implements subscription sales.
type Service struct {
	repo    Repository
	tasks   Tasks
	printer Printer
	now     func() time.Time
}

// Option customises a Service.
type Option func(*Service)

// WithClock overrides the service clock.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// NewService builds the subscription service.
func NewService(repo Repository, tasks Tasks, printer Printer, opts ...Option) *Service {
	s := &Service{repo: repo, tasks: tasks, printer: printer, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// CreateRequest is a new subscription purchase.
type CreateRequest struct {
	PatronID         string
	SeasonID         string
	PackageCode      string
	SeatCount        int
	InstallmentCount int
	PaymentMethodID  string
	FirstChargeOn    *time.Time
}

func (r CreateRequest) validate() error {
	switch {
	case r.PatronID == "":
		return domain.Invalid("patron_id", "required")
	case r.SeasonID == "":
		return domain.Invalid("season_id", "required")
	case r.PackageCode == "":
		return domain.Invalid("package_code", "required")
	case r.SeatCount < 1 || r.SeatCount > 10:
		return domain.Invalid("seat_count", "must be between 1 and 10")
	case r.InstallmentCount < 1 || r.InstallmentCount > 12:
		return domain.Invalid("installments", "must be between 1 and 12")
	case !strings.HasPrefix(r.PaymentMethodID, "pm_"):
		return domain.Invalid("payment_method_id", "must be a Stripe payment method")
	}
	return nil
}

// Create sells a subscription. If the patron already holds one for the
// season the existing subscription is returned with created=false.
func (s *Service) Create(ctx context.Context, req CreateRequest) (*domain.Subscription, bool, error) {
	if err := req.validate(); err != nil {
		return nil, false, err
	}
	pkg, err := s.repo.Package(ctx, req.PackageCode)
	if err != nil {
		return nil, false, fmt.Errorf("package %s: %w", req.PackageCode, err)
	}
	if pkg.SeasonID != req.SeasonID {
		return nil, false, domain.Invalid("package_code", "not sold for this season")
	}
	patron, err := s.repo.Patron(ctx, req.PatronID)
	if err != nil {
		return nil, false, fmt.Errorf("patron %s: %w", req.PatronID, err)
	}
	if patron.StripeCustomerID == nil {
		return nil, false, domain.Invalid("patron_id", "patron has no card on file")
	}

	sub := &domain.Subscription{
		ID:               uuid.NewString(),
		PatronID:         req.PatronID,
		SeasonID:         req.SeasonID,
		PackageCode:      req.PackageCode,
		SeatCount:        req.SeatCount,
		TotalCents:       pkg.PriceCents * int64(req.SeatCount),
		InstallmentCount: req.InstallmentCount,
		StripeCustomerID: *patron.StripeCustomerID,
		PaymentMethodID:  req.PaymentMethodID,
		Status:           domain.SubscriptionActive,
	}
	firstDue := s.today()
	if req.FirstChargeOn != nil && req.FirstChargeOn.After(firstDue) {
		firstDue = *req.FirstChargeOn
	}
	insts := domain.SplitInstallments(sub.TotalCents, req.InstallmentCount, firstDue)
	for i := range insts {
		insts[i].ID = uuid.NewString()
		insts[i].SubscriptionID = sub.ID
	}

	created, err := s.repo.CreateWithSchedule(ctx, sub, insts)
	if err != nil {
		return nil, false, err
	}
	if !created {
		existing, err := s.repo.FindLive(ctx, req.PatronID, req.SeasonID)
		if err != nil {
			return nil, false, err
		}
		sub = existing
	}
	if sub.WelcomeSentAt == nil {
		if err := s.tasks.EnqueueWelcome(ctx, sub.ID); err != nil {
			return nil, false, fmt.Errorf("enqueue welcome: %w", err)
		}
	}
	return sub, created, nil
}

// Get returns one subscription.
func (s *Service) Get(ctx context.Context, id string) (*domain.Subscription, error) {
	return s.repo.Get(ctx, id)
}

// FulfilRequest says where to mail the ticket book.
type FulfilRequest struct {
	ShipMethod string
	ShipTo     mailhouse.Address
}

// Fulfil sends the subscriber's ticket book to the mail house once.
func (s *Service) Fulfil(ctx context.Context, subID string, req FulfilRequest) (*domain.Fulfilment, error) {
	sub, err := s.repo.Get(ctx, subID)
	if err != nil {
		return nil, err
	}
	if sub.Status == domain.SubscriptionCancelled {
		return nil, fmt.Errorf("%w: subscription is cancelled", domain.ErrConflict)
	}
	existing, err := s.repo.FulfilmentFor(ctx, subID)
	switch {
	case err == nil:
		return existing, nil
	case !errors.Is(err, domain.ErrNotFound):
		return nil, err
	}

	perfs, err := s.repo.PerformancesForSeason(ctx, sub.SeasonID)
	if err != nil {
		return nil, err
	}
	job := mailhouse.Job{
		Template:   "season-book-" + strings.ToLower(sub.PackageCode),
		ShipMethod: defaultString(req.ShipMethod, "usps_first_class"),
		ShipTo:     req.ShipTo,
		Items:      bookItems(sub, perfs),
	}
	accepted, err := s.printer.Submit(ctx, job)
	if err != nil {
		return nil, fmt.Errorf("submit print job: %w", err)
	}
	f := &domain.Fulfilment{
		ID:             uuid.NewString(),
		SubscriptionID: sub.ID,
		VendorJobID:    accepted.JobID,
		ShipMethod:     job.ShipMethod,
	}
	if err := s.repo.InsertFulfilment(ctx, f); err != nil {
		return nil, fmt.Errorf("record fulfilment: %w", err)
	}
	return f, nil
}

func (s *Service) today() time.Time {
	n := s.now().UTC()
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
}

func bookItems(sub *domain.Subscription, perfs []domain.Performance) []mailhouse.PrintItem {
	items := make([]mailhouse.PrintItem, 0, len(perfs)*sub.SeatCount)
	for _, p := range perfs {
		for seat := 1; seat <= sub.SeatCount; seat++ {
			items = append(items, mailhouse.PrintItem{
				Performance: p.Title,
				Date:        p.StartsAt.Format("Mon Jan 2 2006, 3:04 PM"),
				Seat:        fmt.Sprintf("SUB-%s-%d", sub.PackageCode, seat),
				Barcode:     fmt.Sprintf("%s%s%02d", sub.ID[:8], p.ID, seat),
			})
		}
	}
	return items
}

func defaultString(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
