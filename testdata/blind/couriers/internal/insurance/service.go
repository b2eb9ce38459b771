// Package insurance enrolls couriers on the cooperative's group accident
// policy and remits the premiums withheld from their payouts.
package insurance

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/insurer"
)

// InsurerAPI is the part of the insurer client the service uses.
type InsurerAPI interface {
	EnrollMember(ctx context.Context, in insurer.EnrollRequest) (insurer.Member, error)
	SubmitRemittance(ctx context.Context, key string, in insurer.RemittanceRequest) (insurer.RemittanceReceipt, error)
}

// Service is the insurance API.
type Service interface {
	Enroll(ctx context.Context, courierID uuid.UUID) (db.InsuranceEnrollment, error)
	CreateMonthlyRemittances(ctx context.Context, month time.Time) (int, error)
	SubmitPendingRemittances(ctx context.Context) (int, error)
	ApplyRemittanceEvent(ctx context.Context, ev RemittanceEvent) error
}

// RemittanceEvent is the insurer's remittance webhook body.
type RemittanceEvent struct {
	Type         string    `json:"type"` // remittance.settled | remittance.rejected
	RemittanceID string    `json:"remittance_id"`
	OccurredAt   time.Time `json:"occurred_at"`
}

type service struct {
	q        *db.Queries
	couriers couriers.Directory
	insurer  InsurerAPI
	cfg      config.Config
	log      *slog.Logger
	newID    func() uuid.UUID
	now      func() time.Time
}

// NewService builds the insurance service.
func NewService(q *db.Queries, dir couriers.Directory, ins InsurerAPI, cfg config.Config, log *slog.Logger) Service {
	return &service{
		q: q, couriers: dir, insurer: ins, cfg: cfg,
		log:   log.With("svc", "insurance"),
		newID: uuid.New,
		now:   time.Now,
	}
}

// Enroll puts the courier on the default plan. The enrollment row is created
// first; it only becomes active once the insurer has a member for it.
func (s *service) Enroll(ctx context.Context, courierID uuid.UUID) (db.InsuranceEnrollment, error) {
	c, err := s.couriers.Get(ctx, courierID)
	if err != nil {
		return db.InsuranceEnrollment{}, err
	}
	if c.Status != "active" {
		return db.InsuranceEnrollment{}, apperr.Conflict("courier %s is %s", c.ID, c.Status)
	}
	if err := s.q.InsertEnrollment(ctx, db.InsertEnrollmentParams{
		ID:                 s.newID(),
		CourierID:          c.ID,
		PlanCode:           s.cfg.InsurancePlanCode,
		WeeklyPremiumCents: s.cfg.InsuranceWeeklyPremiumCents,
	}); err != nil {
		return db.InsuranceEnrollment{}, err
	}
	e, err := s.q.GetEnrollmentByCourier(ctx, c.ID)
	if err != nil {
		return db.InsuranceEnrollment{}, err
	}
	if e.Status == "active" {
		return e, nil
	}
	m, err := s.insurer.EnrollMember(ctx, insurer.EnrollRequest{
		PlanCode:  e.PlanCode,
		FullName:  c.DisplayName,
		Phone:     c.PhoneE164,
		StartDate: s.now().UTC().Format(time.DateOnly),
		Weekly:    e.WeeklyPremiumCents,
	})
	if err != nil {
		return db.InsuranceEnrollment{}, fmt.Errorf("insurance: enroll %s: %w", c.ID, err)
	}
	now := s.now()
	if err := s.q.ActivateEnrollment(ctx, db.ActivateEnrollmentParams{
		ID:              e.ID,
		InsurerMemberID: postgres.Text(m.MemberID),
		EnrolledAt:      postgres.Timestamptz(now),
	}); err != nil {
		return db.InsuranceEnrollment{}, err
	}
	e.Status = "active"
	e.InsurerMemberID = postgres.Text(m.MemberID)
	e.EnrolledAt = postgres.Timestamptz(now)
	s.log.Info("courier insured", "courier", c.ID, "member", m.MemberID)
	return e, nil
}

// CreateMonthlyRemittances sums the premiums withheld during month per plan
// and submits one remittance per plan.
func (s *service) CreateMonthlyRemittances(ctx context.Context, month time.Time) (int, error) {
	start := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, 0)
	rows, err := s.q.SummarizeWithholdings(ctx, db.SummarizeWithholdingsParams{MonthStart: start, MonthEnd: end})
	if err != nil {
		return 0, err
	}
	created := 0
	for _, r := range rows {
		rem, err := s.q.InsertRemittance(ctx, db.InsertRemittanceParams{
			ID:          s.newID(),
			PeriodMonth: start,
			PlanCode:    r.PlanCode,
			MemberCount: r.MemberCount,
			TotalCents:  r.TotalCents,
		})
		if err != nil {
			return created, fmt.Errorf("insurance: remittance %s %s: %w", start.Format("2006-01"), r.PlanCode, err)
		}
		created++
		if err := s.submit(ctx, rem); err != nil {
			// Left pending; the resubmit job picks it up.
			s.log.Warn("remittance submit failed", "remittance", rem.ID, "err", err)
		}
	}
	return created, nil
}

// SubmitPendingRemittances (re)submits remittances that are still pending.
func (s *service) SubmitPendingRemittances(ctx context.Context) (int, error) {
	pending, err := s.q.ListPendingRemittances(ctx, 50)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, rem := range pending {
		if err := s.submit(ctx, rem); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// submit posts the remittance with its row id as the idempotency key, so a
// remittance submitted twice is only booked once by the insurer.
func (s *service) submit(ctx context.Context, rem db.PremiumRemittance) error {
	receipt, err := s.insurer.SubmitRemittance(ctx, rem.ID.String(), insurer.RemittanceRequest{
		PlanCode:    rem.PlanCode,
		PeriodMonth: rem.PeriodMonth.Format("2006-01"),
		MemberCount: rem.MemberCount,
		AmountCents: rem.TotalCents,
		Currency:    s.cfg.Currency,
		Reference:   "spokechain-" + rem.ID.String(),
	})
	if err != nil {
		return err
	}
	return s.q.MarkRemittanceSubmitted(ctx, db.MarkRemittanceSubmittedParams{
		ID:                  rem.ID,
		InsurerRemittanceID: postgres.Text(receipt.RemittanceID),
		SubmittedAt:         postgres.Timestamptz(s.now()),
	})
}

// ApplyRemittanceEvent records the insurer's settlement or rejection. The
// update only moves submitted remittances, so a resent event changes nothing.
func (s *service) ApplyRemittanceEvent(ctx context.Context, ev RemittanceEvent) error {
	ref := postgres.Text(ev.RemittanceID)
	switch ev.Type {
	case "remittance.settled":
		n, err := s.q.MarkRemittanceSettled(ctx, db.MarkRemittanceSettledParams{
			InsurerRemittanceID: ref,
			SettledAt:           postgres.Timestamptz(ev.OccurredAt),
		})
		if err == nil && n == 1 {
			s.log.Info("remittance settled", "insurer_ref", ev.RemittanceID)
		}
		return err
	case "remittance.rejected":
		n, err := s.q.MarkRemittanceRejected(ctx, ref)
		if err == nil && n == 1 {
			s.log.Error("remittance rejected by insurer", "insurer_ref", ev.RemittanceID)
		}
		return err
	default:
		return nil
	}
}
