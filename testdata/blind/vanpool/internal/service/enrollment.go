package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/idempotency"
	"github.com/pooltrack/vanpool/internal/platform/keys"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Enrollment covers members, vans and seats.
type Enrollment interface {
	Enroll(ctx context.Context, in EnrollInput) (*domain.Member, bool, error)
	CreateVanpool(ctx context.Context, idemKey string, in CreateVanpoolInput) (*domain.Vanpool, bool, error)
	GetVanpool(ctx context.Context, id uuid.UUID) (*domain.Vanpool, error)
	JoinVanpool(ctx context.Context, vanpoolID uuid.UUID, in JoinInput) (*domain.Rider, error)
	LeaveVanpool(ctx context.Context, vanpoolID, memberID uuid.UUID, in LeaveInput) (*LeaveResult, error)
}

// EnrollInput is an HR enrolment request.
type EnrollInput struct {
	EmployeeID      string `json:"employee_id"`
	Email           string `json:"email"`
	FullName        string `json:"full_name"`
	PhoneE164       string `json:"phone_e164"`
	HomeSite        string `json:"home_site"`
	PayrollWorkerID string `json:"payroll_worker_id"`
	IsDriver        bool   `json:"is_driver"`
}

// Validate checks required fields.
func (in EnrollInput) Validate() error {
	var missing []string
	if in.EmployeeID == "" {
		missing = append(missing, "employee_id")
	}
	if in.Email == "" {
		missing = append(missing, "email")
	}
	if in.FullName == "" {
		missing = append(missing, "full_name")
	}
	if in.PayrollWorkerID == "" {
		missing = append(missing, "payroll_worker_id")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: missing %s", domain.ErrValidation, strings.Join(missing, ", "))
	}
	if in.PhoneE164 != "" && !strings.HasPrefix(in.PhoneE164, "+") {
		return fmt.Errorf("%w: phone_e164 must start with +", domain.ErrValidation)
	}
	return nil
}

// CreateVanpoolInput describes a new van route.
type CreateVanpoolInput struct {
	Name             string      `json:"name"`
	Origin           string      `json:"origin"`
	Destination      string      `json:"destination"`
	Capacity         int         `json:"capacity"`
	MonthlyFareCents money.Cents `json:"monthly_fare_cents"`
	DriverMemberID   *uuid.UUID  `json:"driver_member_id"`
	LeaseID          *uuid.UUID  `json:"lease_id"`
}

// JoinInput asks for a seat.
type JoinInput struct {
	MemberID uuid.UUID `json:"member_id"`
	StartOn  string    `json:"start_on"`
	Role     string    `json:"role"`
}

// LeaveInput ends a seat.
type LeaveInput struct {
	LastRideOn string `json:"last_ride_on"`
	Reason     string `json:"reason"`
}

// LeaveResult reports the seat and any refund created.
type LeaveResult struct {
	Rider      *domain.Rider      `json:"rider"`
	Adjustment *domain.Adjustment `json:"adjustment,omitempty"`
}

// EnrollmentService implements Enrollment.
type EnrollmentService struct {
	pool        db.Querier
	tx          db.TxRunner
	members     MemberStore
	vanpools    VanpoolStore
	riders      RiderStore
	adjustments AdjustmentStore
	idem        *idempotency.Store
	jobs        JobQueue
	log         *slog.Logger
	now         Clock
	newID       IDGen
}

// NewEnrollmentService wires an EnrollmentService.
func NewEnrollmentService(pool db.Querier, tx db.TxRunner, members MemberStore, vanpools VanpoolStore,
	riders RiderStore, adjustments AdjustmentStore, idem *idempotency.Store, jobs JobQueue, log *slog.Logger,
) *EnrollmentService {
	return &EnrollmentService{
		pool: pool, tx: tx, members: members, vanpools: vanpools, riders: riders,
		adjustments: adjustments, idem: idem, jobs: jobs,
		log: log.With("service", "enrollment"), now: SystemClock(), newID: RandomIDs(),
	}
}

// Enroll adds an employee to the program. HR's sync resends the same employee
// freely; the employee id is the natural key.
func (s *EnrollmentService) Enroll(ctx context.Context, in EnrollInput) (*domain.Member, bool, error) {
	if err := in.Validate(); err != nil {
		return nil, false, err
	}
	return s.members.Enroll(ctx, s.pool, domain.Member{
		ID:              s.newID(),
		EmployeeID:      in.EmployeeID,
		Email:           strings.ToLower(in.Email),
		FullName:        in.FullName,
		PhoneE164:       in.PhoneE164,
		HomeSite:        in.HomeSite,
		PayrollWorkerID: in.PayrollWorkerID,
		IsDriver:        in.IsDriver,
	})
}

const scopeCreateVanpool = "vanpools.create"

// CreateVanpool creates a van route. The caller's Idempotency-Key is claimed
// and completed in the same transaction as the insert.
func (s *EnrollmentService) CreateVanpool(ctx context.Context, idemKey string, in CreateVanpoolInput) (*domain.Vanpool, bool, error) {
	if in.Name == "" || in.Origin == "" || in.Destination == "" {
		return nil, false, fmt.Errorf("%w: name, origin and destination are required", domain.ErrValidation)
	}
	if in.Capacity < 4 || in.Capacity > 15 {
		return nil, false, fmt.Errorf("%w: capacity must be 4-15", domain.ErrValidation)
	}
	var (
		out      *domain.Vanpool
		replayed bool
	)
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		prior, err := s.idem.Claim(ctx, tx, scopeCreateVanpool, idemKey, idempotency.Hash(in))
		if err != nil {
			return err
		}
		if prior != nil {
			var v domain.Vanpool
			if err := json.Unmarshal(prior.Body, &v); err != nil {
				return fmt.Errorf("decode stored vanpool: %w", err)
			}
			out, replayed = &v, true
			return nil
		}
		if in.DriverMemberID != nil {
			driver, err := s.members.Get(ctx, tx, *in.DriverMemberID)
			if err != nil {
				return err
			}
			if !driver.IsDriver {
				return domain.ErrNotADriver
			}
		}
		v, err := s.vanpools.Create(ctx, tx, domain.Vanpool{
			ID:               s.newID(),
			Name:             in.Name,
			Origin:           in.Origin,
			Destination:      in.Destination,
			Capacity:         in.Capacity,
			MonthlyFareCents: in.MonthlyFareCents,
			DriverMemberID:   in.DriverMemberID,
			LeaseID:          in.LeaseID,
		})
		if err != nil {
			return err
		}
		out = v
		return s.idem.Complete(ctx, tx, scopeCreateVanpool, idemKey, 201, v)
	})
	if err != nil {
		return nil, false, err
	}
	return out, replayed, nil
}

// GetVanpool loads a van.
func (s *EnrollmentService) GetVanpool(ctx context.Context, id uuid.UUID) (*domain.Vanpool, error) {
	return s.vanpools.Get(ctx, s.pool, id)
}

// JoinVanpool gives a member a seat in a van. Asking again for a seat the
// member already holds returns that seat.
func (s *EnrollmentService) JoinVanpool(ctx context.Context, vanpoolID uuid.UUID, in JoinInput) (*domain.Rider, error) {
	van, err := s.vanpools.Get(ctx, s.pool, vanpoolID)
	if err != nil {
		return nil, err
	}
	if van.Status == "retired" {
		return nil, fmt.Errorf("%w: vanpool is retired", domain.ErrInvalidState)
	}
	member, err := s.members.Get(ctx, s.pool, in.MemberID)
	if err != nil {
		return nil, err
	}
	if member.Status != domain.MemberActive {
		return nil, fmt.Errorf("%w: member is %s", domain.ErrInvalidState, member.Status)
	}
	startOn := s.now()
	if in.StartOn != "" {
		if startOn, err = time.Parse(time.DateOnly, in.StartOn); err != nil {
			return nil, fmt.Errorf("%w: start_on: %v", domain.ErrValidation, err)
		}
	}
	role := in.Role
	if role == "" {
		role = "rider"
	}
	if role == "driver" && !member.IsDriver {
		return nil, domain.ErrNotADriver
	}
	if van.SeatsTaken >= van.Capacity {
		return nil, domain.ErrVanFull
	}

	rider, inserted, err := s.riders.Add(ctx, s.pool, domain.Rider{
		ID:        s.newID(),
		VanpoolID: vanpoolID,
		MemberID:  member.ID,
		Role:      role,
		JoinedOn:  startOn,
	})
	if err != nil {
		return nil, err
	}
	if !inserted {
		return rider, nil
	}
	if err := s.vanpools.TakeSeat(ctx, s.pool, vanpoolID); err != nil {
		s.log.Warn("seat count not updated", "vanpool", vanpoolID, "rider", rider.ID, "err", err)
		return nil, err
	}
	s.log.Info("member joined vanpool", "vanpool", vanpoolID, "member", member.ID, "role", role)
	return rider, nil
}

// LeaveVanpool ends a seat, frees it, and queues a prorated refund for the
// unused part of the month. Everything happens in one transaction; the refund
// id is derived from the seat and period so a repeat finds the same refund.
func (s *EnrollmentService) LeaveVanpool(ctx context.Context, vanpoolID, memberID uuid.UUID, in LeaveInput) (*LeaveResult, error) {
	lastRide := s.now()
	if in.LastRideOn != "" {
		var err error
		if lastRide, err = time.Parse(time.DateOnly, in.LastRideOn); err != nil {
			return nil, fmt.Errorf("%w: last_ride_on: %v", domain.ErrValidation, err)
		}
	}
	res := &LeaveResult{}
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		van, err := s.vanpools.GetForUpdate(ctx, tx, vanpoolID)
		if err != nil {
			return err
		}
		rider, ended, err := s.riders.End(ctx, tx, vanpoolID, memberID, lastRide)
		if errors.Is(err, db.ErrNotFound) {
			return domain.ErrNotFound
		}
		if err != nil {
			return err
		}
		res.Rider = rider
		if ended {
			if err := s.vanpools.ReleaseSeat(ctx, tx, vanpoolID); err != nil {
				return err
			}
		}
		if rider.LeftOn == nil {
			return fmt.Errorf("%w: seat has no end date", domain.ErrInvalidState)
		}
		period := money.PeriodOf(*rider.LeftOn)
		refund, err := money.Prorate(van.MonthlyFareCents, period, rider.LeftOn.AddDate(0, 0, 1))
		if err != nil || refund <= 0 {
			return err
		}
		adj, created, err := s.adjustments.Create(ctx, tx, domain.Adjustment{
			ID:          keys.Derive("leave-refund", rider.ID.String(), period),
			RiderID:     rider.ID,
			MemberID:    memberID,
			Period:      period,
			AmountCents: refund,
			Reason:      "vanpool exit: " + in.Reason,
		})
		if err != nil {
			return err
		}
		res.Adjustment = adj
		if !created {
			return nil
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.PayrollAdjustment{AdjustmentID: adj.ID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
