package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
)

// LeaseService manages lease contracts.
type LeaseService struct {
	tx        *db.TxRunner
	leases    LeaseStore
	cars      CarStore
	customers CustomerStore
	schedules ScheduleStore
	keys      KeyStore
	events    EventStore
	now       Clock
}

// LeaseDeps are the LeaseService's collaborators.
type LeaseDeps struct {
	Tx        *db.TxRunner
	Leases    LeaseStore
	Cars      CarStore
	Customers CustomerStore
	Schedules ScheduleStore
	Keys      KeyStore
	Events    EventStore
	Clock     Clock
}

// NewLeaseService wires a LeaseService.
func NewLeaseService(d LeaseDeps) *LeaseService {
	if d.Clock == nil {
		d.Clock = SystemClock
	}
	return &LeaseService{tx: d.Tx, leases: d.Leases, cars: d.Cars, customers: d.Customers,
		schedules: d.Schedules, keys: d.Keys, events: d.Events, now: d.Clock}
}

// CreateLeaseInput is a new lease contract.
type CreateLeaseInput struct {
	LeaseNumber        string    `json:"lease_number"`
	CustomerID         string    `json:"customer_id"`
	CarType            string    `json:"car_type"`
	MonthlyRateCents   int64     `json:"monthly_rate_cents"`
	DemurrageRateCents int64     `json:"demurrage_rate_cents"`
	FreeTimeHours      int       `json:"free_time_hours"`
	MileageCreditCents int64     `json:"mileage_credit_cents"`
	StartDate          time.Time `json:"start_date"`
	EndDate            time.Time `json:"end_date"`
}

func (in CreateLeaseInput) validate() error {
	switch {
	case in.LeaseNumber == "" || in.CustomerID == "":
		return invalid("lease_number and customer_id are required")
	case in.CarType != domain.CarTypeTank && in.CarType != domain.CarTypeHopper:
		return invalid("car_type must be TANK or HOPPER")
	case in.MonthlyRateCents <= 0:
		return invalid("monthly_rate_cents must be positive")
	case !in.EndDate.After(in.StartDate):
		return invalid("end_date must be after start_date")
	}
	return nil
}

func requestHash(v any) string {
	raw, _ := json.Marshal(v)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// CreateLease creates a draft lease for the request's Idempotency-Key.
func (s *LeaseService) CreateLease(ctx context.Context, key string, in CreateLeaseInput) (*domain.Lease, error) {
	if key == "" {
		return nil, ErrKeyRequired
	}
	if err := in.validate(); err != nil {
		return nil, err
	}
	if in.FreeTimeHours == 0 {
		in.FreeTimeHours = 48
	}
	scope := "leases.create:" + in.CustomerID
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.Lease, error) {
		q := s.tx.Q(ctx)
		rec, claimed, err := s.keys.Claim(ctx, q, scope, key, requestHash(in))
		if err != nil {
			return nil, err
		}
		if !claimed {
			if rec.RequestHash != requestHash(in) {
				return nil, ErrKeyReuse
			}
			return s.leases.Get(ctx, q, rec.ResourceID)
		}
		if _, err := s.customers.Get(ctx, q, in.CustomerID); err != nil {
			return nil, fmt.Errorf("customer %s: %w", in.CustomerID, err)
		}
		l := &domain.Lease{
			ID:                 ids.New(),
			LeaseNumber:        strings.ToUpper(in.LeaseNumber),
			CustomerID:         in.CustomerID,
			CarType:            in.CarType,
			MonthlyRateCents:   in.MonthlyRateCents,
			DemurrageRateCents: in.DemurrageRateCents,
			FreeTimeHours:      in.FreeTimeHours,
			MileageCreditCents: in.MileageCreditCents,
			StartDate:          in.StartDate,
			EndDate:            in.EndDate,
			Status:             domain.LeaseDraft,
		}
		if err := s.leases.Insert(ctx, q, l); err != nil {
			if db.IsUniqueViolation(err) {
				return nil, fmt.Errorf("%w: lease number %s exists", ErrConflict, l.LeaseNumber)
			}
			return nil, err
		}
		if err := s.keys.SetResource(ctx, q, scope, key, l.ID); err != nil {
			return nil, err
		}
		return l, nil
	})
}

// Get returns a lease.
func (s *LeaseService) Get(ctx context.Context, id string) (*domain.Lease, error) {
	return s.leases.Get(ctx, s.tx.Q(ctx), id)
}

// AddCars puts cars on hire to a lease and returns the cars now on the lease.
func (s *LeaseService) AddCars(ctx context.Context, leaseID string, carMarks []string) ([]domain.LeaseCar, error) {
	if len(carMarks) == 0 {
		return nil, invalid("car_marks is required")
	}
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) ([]domain.LeaseCar, error) {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, leaseID)
		if err != nil {
			return nil, err
		}
		if l.Status == domain.LeaseTerminated {
			return nil, fmt.Errorf("%w: lease %s is terminated", ErrConflict, l.LeaseNumber)
		}
		at := s.now()
		for _, mark := range carMarks {
			mark = normalizeMark(mark)
			car, err := s.cars.Get(ctx, q, mark)
			if err != nil {
				return nil, fmt.Errorf("car %s: %w", mark, err)
			}
			if car.CarType != l.CarType {
				return nil, invalid(fmt.Sprintf("car %s is a %s car; lease is for %s cars", mark, car.CarType, l.CarType))
			}
			if _, err := s.leases.AddCar(ctx, q, l.ID, mark, at); err != nil {
				return nil, err
			}
		}
		return s.leases.Cars(ctx, q, l.ID)
	})
}

// Activate puts a draft lease into effect.
func (s *LeaseService) Activate(ctx context.Context, leaseID string) (*domain.Lease, error) {
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.Lease, error) {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, leaseID)
		if err != nil {
			return nil, err
		}
		switch l.Status {
		case domain.LeaseActive:
			return l, nil
		case domain.LeaseTerminated:
			return nil, fmt.Errorf("%w: lease is terminated", ErrConflict)
		}
		cars, err := s.leases.Cars(ctx, q, l.ID)
		if err != nil {
			return nil, err
		}
		if len(cars) == 0 {
			return nil, invalid("a lease needs at least one car before activation")
		}
		changed, err := s.leases.Activate(ctx, q, l.ID, s.now())
		if err != nil {
			return nil, err
		}
		if changed {
			if err := emit(ctx, s.tx, s.events, domain.EventLeaseActivated, l.ID, domain.LeaseActivated{
				LeaseID: l.ID, CustomerID: l.CustomerID, StartDate: l.StartDate,
			}); err != nil {
				return nil, err
			}
		}
		return s.leases.Get(ctx, q, l.ID)
	})
}

// HandleLeaseActivated creates the billing schedule for a newly active lease.
func (s *LeaseService) HandleLeaseActivated(ctx context.Context, e domain.Event) error {
	var p domain.LeaseActivated
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	first := time.Date(p.StartDate.Year(), p.StartDate.Month(), 1, 0, 0, 0, 0, time.UTC)
	if p.StartDate.Day() != 1 {
		first = first.AddDate(0, 1, 0)
	}
	return s.schedules.Create(ctx, s.tx.Q(ctx), p.LeaseID, first)
}

// AbateRent credits off-rent days to a lease for time a car spent in a shop.
// Abatement on terminated leases is ignored.
func (s *LeaseService) AbateRent(ctx context.Context, leaseID string, days int) error {
	if days <= 0 {
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, leaseID)
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if l.Status != domain.LeaseActive {
			return nil
		}
		return s.leases.AddOffrentDays(ctx, q, l.ID, days)
	})
}

func normalizeMark(m string) string {
	return strings.Join(strings.Fields(strings.ToUpper(m)), " ")
}
